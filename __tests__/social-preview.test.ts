/** What the build adds to a made picture for a page's social preview: its full address and its type. */
import { imageType, madeImageFields } from "../gatsby/social-preview"

const fields = madeImageFields("https://www.example.test")

test("the made file's address is absolute, on the site's origin", () => {
  expect(fields.url.resolve({ src: "/static/abc/ec3c9/ants.jpg" })).toBe(
    "https://www.example.test/static/abc/ec3c9/ants.jpg",
  )
})

test("its type follows its extension, whatever the case", () => {
  expect(fields.type.resolve({ src: "/static/abc/ants.jpg" })).toBe("image/jpeg")
  expect(imageType("/static/abc/ants.PNG")).toBe("image/png")
  expect(imageType("/static/abc/ants.webp")).toBe("image/webp")
})

test("a file of an unknown type, or no file, fails the build, naming it", () => {
  expect(() => imageType("/static/abc/ants.gif")).toThrow("/static/abc/ants.gif: no image type is known")
  expect(() => fields.url.resolve({ src: null })).toThrow("without an address")
})
