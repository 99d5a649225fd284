// Gatsby's loader is global in the browser; components that use <Link> expect it.
global.___loader = { enqueue: jest.fn() }
