/**
 * @jest-environment node
 *
 * The PGlite Db prepares each statement once and runs it as EXECUTE with its values as literals: every
 * value must arrive exactly as sent (quotes, backslashes, any Unicode), whatever the session's settings,
 * and the session it shares with wire clients (psql) may lose its prepared statements at any time.
 */
import type { PGlite } from "@electric-sql/pglite"
import fc from "fast-check"
import { literal, MAX_PREPARED_STATEMENTS, pgliteDb } from "../../server/pglite-db"
import type { Db } from "../../supabase/functions/_shared/db"
import { unmigratedPglite } from "./migrated-template"

jest.setTimeout(60_000)

let pg: PGlite
let db: Db
beforeAll(async () => {
  pg = await unmigratedPglite()
  db = pgliteDb(pg)
  await pg.exec(`create table notes (id int primary key, body text, flag boolean, amount numeric)`)
})
afterAll(() => pg.close())

const prepared = async () =>
  (await pg.query<{ name: string }>(`select name from pg_prepared_statements where name like 'db\\_%'`)).rows.map(
    (r) => r.name,
  )

test("literals: quotes and backslashes doubled inside E'…', NULL bare, booleans as t/f", () => {
  expect(literal("it's a \\ test")).toBe("E'it''s a \\\\ test'")
  expect(literal(null)).toBe("NULL")
  expect(literal(true)).toBe("E't'")
  expect(literal(12.5)).toBe("E'12.5'")
})

test("any text arrives as sent, with standard_conforming_strings on or off", async () => {
  // Well-formed text (a lone surrogate has no UTF-8 form), no NUL (Postgres text cannot hold one).
  const text = fc
    .string({ unit: "binary", maxLength: 60 })
    .filter((s) => !s.includes("\u0000") && Buffer.from(s).toString() === s)
  const tricky = fc.constantFrom("'", "\\", "\\'", "''", "'; drop table notes; --", "$1", "E'\\x41'", "\\\\'")
  const value = fc.oneof(
    text,
    tricky,
    fc.array(tricky).map((parts) => parts.join("")),
  )
  for (const setting of ["on", "off"]) {
    await pg.exec(`set standard_conforming_strings = ${setting}`)
    await fc.assert(
      fc.asyncProperty(value, async (sent) => {
        const [row] = await db.query<{ got: string }>(`select $1::text as got`, [sent])
        expect(row?.got).toBe(sent)
      }),
      { numRuns: 150 },
    )
  }
  await pg.exec(`set standard_conforming_strings = on`)
  expect(await db.query(`select count(*)::int as n from notes`)).toEqual([{ n: 0 }])
})

test("numbers, booleans and nulls reach typed columns; rows come back parsed by type", async () => {
  await db.query(`insert into notes (id, body, flag, amount) values ($1, $2, $3, $4)`, [1, null, true, 12.5])
  await db.query(`insert into notes (id, body, flag, amount) values ($1, $2, $3, $4)`, [2, "two", false, -3])
  expect(await db.query(`select id, body, flag, amount::float8 as amount from notes order by id`)).toEqual([
    { id: 1, body: null, flag: true, amount: 12.5 },
    { id: 2, body: "two", flag: false, amount: -3 },
  ])
  await db.query(`delete from notes`)
})

test("a NUL character is refused by Postgres as before, never cuts the statement short", async () => {
  await expect(
    db.query(`insert into notes (id, body) values ($1, $2)`, [3, "a\u0000'); delete from notes; --"]),
  ).rejects.toThrow()
  expect(await db.query(`select count(*)::int as n from notes`)).toEqual([{ n: 0 }])
})

test("a text of two statements is refused whole, as query() refuses it: nothing of it runs", async () => {
  await expect(db.query(`select $1::int as n; insert into notes (id) values (99)`, [1])).rejects.toThrow()
  await expect(db.query(`select 1 as n; insert into notes (id) values (98)`)).rejects.toThrow()
  expect(await db.query(`select count(*)::int as n from notes`)).toEqual([{ n: 0 }])
})

test("errors name the statement and its values, as query() did, and keep Postgres's code", async () => {
  await db.query(`insert into notes (id) values ($1)`, [5])
  const failure = await db.query(`insert into notes (id) values ($1)`, [5]).catch((error: unknown) => error)
  expect(failure).toEqual(
    expect.objectContaining({ code: "23505", query: `insert into notes (id) values ($1)`, params: [5] }),
  )
  await db.query(`delete from notes`)
})

test("a statement prepared once is executed after; one a wire client deallocated is prepared again", async () => {
  const text = `select $1::int + 1 as next`
  expect(await db.query(text, [1])).toEqual([{ next: 2 }])
  const before = await prepared()
  expect(await db.query(text, [2])).toEqual([{ next: 3 }])
  expect(await prepared()).toEqual(before)
  await pg.exec(`deallocate all`)
  expect(await db.query(text, [3])).toEqual([{ next: 4 }])
  // Inside a transaction too: prepared under a savepoint, the transaction goes on.
  await pg.exec(`deallocate all`)
  expect(
    await db.transaction(async (tx) => {
      await tx.query(`insert into notes (id) values ($1)`, [7])
      return tx.query(text, [4])
    }),
  ).toEqual([{ next: 5 }])
  expect(await db.query(`select id from notes`)).toEqual([{ id: 7 }])
  await db.query(`delete from notes`)
})

test("a statement Postgres will not prepare runs as before, and leaves a transaction usable", async () => {
  // A parameter of no inferable type: query() infers text where PREPARE refuses.
  const result = await db.transaction(async (tx) => {
    await tx.query(`insert into notes (id) values ($1)`, [8])
    const rows = await tx.query<{ v: string }>(`select $1 as v`, ["free"])
    await tx.query(`insert into notes (id) values ($1)`, [9])
    return rows
  })
  expect(result).toEqual([{ v: "free" }])
  expect(await db.query(`select id from notes order by id`)).toEqual([{ id: 8 }, { id: 9 }])
  await db.query(`delete from notes`)
})

test("a transaction that fails rolls back whole; the statements stay prepared", async () => {
  await expect(
    db.transaction(async (tx) => {
      await tx.query(`insert into notes (id) values ($1)`, [10])
      await tx.query(`insert into notes (id) values ($1)`, [10])
    }),
  ).rejects.toThrow()
  expect(await db.query(`select count(*)::int as n from notes`)).toEqual([{ n: 0 }])
})

test(`at most ${MAX_PREPARED_STATEMENTS} statements stay prepared, the least recently used deallocated`, async () => {
  await pg.exec(`deallocate all`)
  for (let i = 0; i < MAX_PREPARED_STATEMENTS + 50; i++) await db.query(`select $1::int + ${i} as n`, [i])
  await db.query(`select 1 as one`)
  expect((await prepared()).length).toBeLessThanOrEqual(MAX_PREPARED_STATEMENTS)
  expect(await db.query(`select $1::int + 0 as n`, [1])).toEqual([{ n: 1 }])
})
