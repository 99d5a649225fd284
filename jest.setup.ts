import "@testing-library/jest-dom"

// jsdom cannot navigate; following a link in a test would only log "Not implemented".
if (typeof document !== "undefined") {
  document.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("a[href]")) event.preventDefault()
  })
}
