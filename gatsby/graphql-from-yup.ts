/**
 * Turns a Yup object schema into GraphQL SDL type definitions, so the
 * schema Gatsby builds is the same contract the build validates against.
 * Required fields become non-null; nested objects become named types.
 */
import type { AnyObject, ObjectSchema, SchemaDescription, SchemaFieldDescription, SchemaObjectDescription } from "yup"

const pascal = (name: string) => name.replace(/(^|[-_\s])(\w)/g, (_m, _sep: string, ch: string) => ch.toUpperCase())

const isObjectDescription = (d: SchemaFieldDescription): d is SchemaObjectDescription =>
  d.type === "object" && "fields" in d

const isRequired = (d: SchemaFieldDescription) => "optional" in d && !d.optional && !d.nullable

export function graphqlTypeDefs(
  typeName: string,
  schema: ObjectSchema<AnyObject>,
  options: { node: boolean },
): string[] {
  const definitions: string[] = []

  const typeOf = (d: SchemaFieldDescription, nameIfObject: string): string => {
    // A field may name its GraphQL type itself, e.g. `File @fileByRelativePath` for an image path.
    const meta = (d as SchemaDescription).meta as { graphqlType?: unknown } | undefined
    const declared = meta?.graphqlType
    if (typeof declared === "string") return declared
    if (isObjectDescription(d)) {
      addObjectType(nameIfObject, d, false)
      return nameIfObject
    }
    if (d.type === "array" && "innerType" in d && d.innerType && !Array.isArray(d.innerType)) {
      const inner = d.innerType
      return `[${typeOf(inner, nameIfObject)}${isRequired(inner) ? "!" : ""}]`
    }
    switch (d.type) {
      case "string":
        return "String"
      case "boolean":
        return "Boolean"
      case "number":
        return (d as SchemaDescription).tests.some((t) => t.name === "integer") ? "Int" : "Float"
      default:
        throw new Error(`${typeName}: no GraphQL type for a Yup "${d.type}" field`)
    }
  }

  const addObjectType = (name: string, d: SchemaObjectDescription, isNode: boolean) => {
    const fields = Object.entries(d.fields).map(([field, fd]) => {
      const type = typeOf(fd, `${name}${pascal(field)}`)
      // A directive must follow the nullability marker: `File! @fileByRelativePath`.
      const [base, ...directives] = type.split(" ")
      return `  ${field}: ${[`${base}${isRequired(fd) ? "!" : ""}`, ...directives].join(" ")}`
    })
    const head = isNode ? `type ${name} implements Node @dontInfer` : `type ${name} @dontInfer`
    definitions.push(`${head} {\n${fields.join("\n")}\n}`)
  }

  addObjectType(typeName, schema.describe(), options.node)
  return definitions
}
