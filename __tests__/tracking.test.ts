import { installPhoneCallTracking } from "../src/lib/phone-clicks"
import { reportPhoneClick, trackPhoneCall } from "../src/lib/phone-call-report"
import { trackEvent } from "../src/lib/tracking"

afterEach(() => {
  delete window.gtag
  document.body.innerHTML = ""
})

test("without gtag nothing is sent and nothing breaks", () => {
  expect(trackEvent("form_start")).toBe(false)
  expect(trackPhoneCall("+19145550123", "header")).toBe(false)
})

test("a throwing gtag cannot break the page", () => {
  window.gtag = () => {
    throw new Error("blocked")
  }
  expect(trackEvent("form_start")).toBe(false)
})

test("every tel: link click reports a phone_call with where it was", () => {
  const gtag = jest.fn()
  window.gtag = gtag
  document.body.innerHTML = `
    <footer data-placement="footer"><a href="tel:+19145550123"><span id="inner">Call</span></a></footer>
    <a id="plain" href="tel:+19145550999">Call</a>
    <a id="other" href="/contact/">Contact</a>`
  const uninstall = installPhoneCallTracking(document, reportPhoneClick)
  document.getElementById("inner")?.click()
  document.getElementById("plain")?.click()
  document.getElementById("other")?.click()
  uninstall()
  document.getElementById("plain")?.click()

  expect(gtag).toHaveBeenCalledTimes(2)
  expect(gtag).toHaveBeenNthCalledWith(1, "event", "phone_call", {
    phone_number: "+19145550123",
    link_location: "footer",
    page_path: "/",
  })
  expect(gtag).toHaveBeenNthCalledWith(2, "event", "phone_call", {
    phone_number: "+19145550999",
    link_location: "page",
    page_path: "/",
  })
})
