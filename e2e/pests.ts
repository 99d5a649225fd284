/** Every pest page the data define, in the order of the Services dropdown (the test's own copy, not the data's). */
export const PESTS = [
  "ants",
  "spiders",
  "roaches",
  "rodents",
  "bed-bugs",
  "mosquitos",
  "ticks",
  "bees",
  "fleas",
  "wasps",
  "centipedes",
  "silverfish",
  "termites",
]

/** The pests the Services dropdown lists: all but fleas and wasps. */
export const MENU_PESTS = PESTS.filter((pest) => pest !== "fleas" && pest !== "wasps")
