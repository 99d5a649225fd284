import { FrameReader, renamed, ReplyScanner, rowsOf, statementText } from "../../server/wire-protocol"
import { messages } from "./wire-client"

/** A typed message as a server sends it. */
const reply = (type: string, body: Buffer = Buffer.alloc(0)) => {
  const header = Buffer.alloc(5)
  header.write(type, 0, "latin1")
  header.writeInt32BE(body.length + 4, 1)
  return Buffer.concat([header, body])
}
const ready = (status: string) => reply("Z", Buffer.from(status))
const startup = () => {
  const params = Buffer.from("user\u0000postgres\u0000\u0000")
  const head = Buffer.alloc(8)
  head.writeInt32BE(8 + params.length, 0)
  head.writeInt32BE(196608, 4)
  return Buffer.concat([head, params])
}
const sslRequest = () => {
  const bytes = Buffer.alloc(8)
  bytes.writeInt32BE(8, 0)
  bytes.writeInt32BE(80877103, 4)
  return bytes
}

test("frames arriving a byte at a time come out whole: an SSL request, the startup packet, then typed messages", () => {
  const stream = Buffer.concat([sslRequest(), startup(), messages.parse("s1", "select 1"), messages.sync()])
  const reader = new FrameReader()
  const frames = [...stream].flatMap((byte) => reader.push(Buffer.from([byte])))
  expect(frames.map((f) => (f.kind === "message" ? f.type : f.kind))).toEqual([
    "encryption-request",
    "startup",
    "P",
    "S",
  ])
})

test("a length no Postgres message can have is refused, not waited for", () => {
  const reader = new FrameReader()
  reader.push(startup())
  expect(reader.push(Buffer.from([0x51, 0, 0, 0, 2]))).toEqual([{ kind: "invalid", reason: "invalid message length" }])
})

test("statement and portal names get the client's prefix; the unnamed ones stay unnamed", () => {
  const rename = (_: string, name: string) => `w1_${name}`
  expect(statementText(renamed(messages.parse("s1", "select 1"), rename) ?? Buffer.alloc(0))).toBe("select 1")
  expect(renamed(messages.parse("s1", "select 1"), rename)?.subarray(5, 11).toString()).toBe("w1_s1\u0000")
  expect(renamed(messages.parse("", "select 1"), rename)?.subarray(5, 6).toString()).toBe("\u0000")
  // Bind: the unnamed portal, then the statement.
  expect(renamed(messages.bind("s1"), rename)?.subarray(5, 12).toString()).toBe("\u0000w1_s1\u0000")
})

test("the scanner finds the last ReadyForQuery whatever the chunks, and whether the reply ends with it", () => {
  const whole = Buffer.concat([reply("1"), reply("C", Buffer.from("BEGIN\u0000")), ready("T")])
  const scanner = new ReplyScanner()
  for (const byte of whole) scanner.feed(Buffer.from([byte]))
  expect(scanner.take()).toEqual({ readyStatus: "T", endsReady: true, copyIn: false })
  scanner.feed(Buffer.concat([ready("I"), reply("1")]))
  expect(scanner.take()).toMatchObject({ readyStatus: "I", endsReady: false })
})

test("rows and the first error of a reply", () => {
  const row = Buffer.from([0, 2, 0, 0, 0, 1, 0x61, 0xff, 0xff, 0xff, 0xff])
  const error = Buffer.from("SERROR\u0000C42P01\u0000Mno such table\u0000\u0000")
  expect(rowsOf(Buffer.concat([reply("D", row), reply("E", error), ready("I")]))).toEqual({
    rows: [["a", null]],
    error: "no such table",
  })
})
