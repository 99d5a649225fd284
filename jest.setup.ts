import "@testing-library/jest-dom"
import { configure } from "@testing-library/dom"

// findBy*/waitFor wait for a DOM state; their 1 s default is a guess a loaded machine overshoots.
configure({ asyncUtilTimeout: 15_000 })

// jsdom cannot navigate; following a link in a test would only log "Not implemented".
if (typeof document !== "undefined") {
  document.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("a[href]")) event.preventDefault()
  })
}
