import { createFillTimer } from "../src/lib/leads/fill-timer"

test("the fill time is the monotonic clock's elapsed whole milliseconds, never negative, and survives a reload by carrying what was spent", () => {
  let now = 1_000.4
  const timer = createFillTimer(() => now)
  expect(timer.elapsedMs()).toBe(0)
  now += 4_200.3
  expect(timer.elapsedMs()).toBe(4_200)
  timer.reset(10_000)
  now += 500
  expect(timer.elapsedMs()).toBe(10_500)
  timer.reset(Number.NaN)
  expect(timer.elapsedMs()).toBe(0)
  now -= 5_000 // a clock that went back (it cannot, for performance.now) still gives no negative time
  expect(timer.elapsedMs()).toBe(0)
})
