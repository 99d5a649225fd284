// One module per Gatsby Node API, in gatsby/.
export { onPreInit } from "./gatsby/pre-init"
export { createResolvers, createSchemaCustomization } from "./gatsby/schema"
export { onCreateNode } from "./gatsby/on-create-node"
export { createPages } from "./gatsby/create-pages"
export { onPostBuild } from "./gatsby/post-build"
export { onCreateWebpackConfig } from "./gatsby/webpack-config"
export { onCreateDevServer } from "./gatsby/dev-server"
