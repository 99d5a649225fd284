// Stands in for prop-types in browser bundles (see webpack-config.ts): the same names, each a validator
// that accepts anything and returns itself, so declarations like `PropTypes.shape({...}).isRequired` still run.
function shim() {
  return shim
}
shim.isRequired = shim
var PropTypes = {}
"array bigint bool func number object string symbol any arrayOf element elementType instanceOf node objectOf oneOf oneOfType shape exact checkPropTypes resetWarningCache"
  .split(" ")
  .forEach(function (name) {
    PropTypes[name] = shim
  })
PropTypes.PropTypes = PropTypes
module.exports = PropTypes
