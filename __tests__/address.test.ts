import { formatAddress, trailingPlace } from "../supabase/functions/_shared/kernel/address"

describe("an address, written once", () => {
  it("writes street, town, state and ZIP", () => {
    expect(formatAddress({ street: "12 Oak Ln", city: "Scarsdale", state: "ny", zip: "10583" })).toBe(
      "12 Oak Ln, Scarsdale, NY 10583",
    )
  })

  it.each([
    "12 Oak Ln, Scarsdale, NY 10583",
    "12 Oak Ln, Scarsdale NY 10583",
    "12 Oak Ln Scarsdale, ny, 10583",
    "12 Oak Ln, Scarsdale",
    "12 Oak Ln, scarsdale, NY",
    "12 Oak Ln, Scarsdale, NY 10583-1234",
    "  12   Oak Ln,  Scarsdale , NY  10583 ",
  ])("does not repeat the town, state or ZIP a typed street already ends with: %p", (street) => {
    expect(formatAddress({ street, city: "Scarsdale", state: "NY", zip: "10583" })).toBe(
      "12 Oak Ln, Scarsdale, NY 10583",
    )
  })

  it("keeps a town that is part of the street's own name", () => {
    expect(formatAddress({ street: "40 Scarsdale Rd", city: "Scarsdale", state: "NY", zip: "10583" })).toBe(
      "40 Scarsdale Rd, Scarsdale, NY 10583",
    )
    expect(formatAddress({ street: "40 Old Scarsdale", city: "Scarsdale", state: "NY", zip: "10583" })).toBe(
      "40 Old Scarsdale, Scarsdale, NY 10583",
    )
  })

  it("writes a whole address with another ZIP as it was typed, without the form's town", () => {
    expect(formatAddress({ street: "5 Elm St, Yonkers, NY 10701", city: "Scarsdale", state: "NY", zip: "10583" })).toBe(
      "5 Elm St, Yonkers, NY 10701",
    )
  })

  it("leaves blanks out", () => {
    expect(formatAddress({ street: "", city: "Yonkers", state: "NY", zip: null })).toBe("Yonkers, NY")
    expect(formatAddress({ street: null, city: null, state: "NY", zip: "10583" })).toBe("NY 10583")
    expect(formatAddress({ street: " ", city: "", state: "NY", zip: "" })).toBe("")
    expect(formatAddress({})).toBe("")
  })
})

describe("trailingPlace: the town and ZIP a typed street ends with", () => {
  test.each([
    ["5 Elm St, Yonkers, NY 10701", { town: "Yonkers", zip: "10701" }],
    ["5 Elm St, Yonkers NY", { town: "Yonkers", zip: null }],
    ["5 Elm St, Yonkers NY 10701-1234", { town: "Yonkers", zip: "10701" }],
    ["5 Elm St, Yonkers, NY", { town: "Yonkers", zip: null }],
    ["5 Elm St 10701", { town: null, zip: "10701" }],
    ["Apt 2, 5 Elm St", { town: null, zip: null }],
    ["5 Popham Rd", { town: null, zip: null }],
  ])("%s", (typed, place) => {
    expect(trailingPlace(typed)).toEqual(place)
  })
})
