/**
 * JSON Schemas derived from the io-ts codecs of the API contract (common/contract.ts), so the
 * contract stays written once. Fastify serialises answers with these schemas (fast-json-stringify
 * writes only the properties a schema names): derived from the codecs, they cannot leave out a
 * field the web app decodes. Only the codec kinds the contract uses are supported; anything else
 * throws when the server starts rather than serialising the wrong shape.
 */
import type * as t from 'io-ts';

export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly [keyword: string]: unknown;
}

/** The fields io-ts keeps on each kind of codec (its classes carry a `_tag`). */
interface CodecParts {
  readonly _tag?: string;
  readonly name: string;
  readonly props?: Readonly<Record<string, t.Mixed>>;
  readonly types?: readonly t.Mixed[];
  readonly type?: t.Mixed;
  readonly keys?: Readonly<Record<string, unknown>>;
  readonly value?: string | number | boolean;
}

function objectOf(props: Readonly<Record<string, t.Mixed>>, required: boolean): JsonSchema {
  const names = Object.keys(props);
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, jsonSchemaOf(props[name]!)])),
    ...(required && names.length > 0 ? { required: names } : {}),
  };
}

/** t.intersection of object codecs: one object with every property (fast-json-stringify's fastest form). */
function mergedObjects(parts: readonly JsonSchema[], name: string): JsonSchema {
  if (!parts.every((part) => part.type === 'object')) throw new Error(`${name}: only intersections of objects are supported`);
  const required = parts.flatMap((part) => part.required ?? []);
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties)),
    ...(required.length > 0 ? { required } : {}),
  };
}

/** t.union of primitives (string | null) or of enums: one `type` list, and one enum when every member has one. */
function mergedUnion(parts: readonly JsonSchema[], name: string): JsonSchema {
  const simple = parts.every((part) => Object.keys(part).every((keyword) => keyword === 'type' || keyword === 'enum'));
  if (!simple) throw new Error(`${name}: only unions of primitives or enums are supported`);
  const types = [...new Set(parts.flatMap((part) => part.type ?? []))];
  const enums = parts.every((part) => part.enum) ? parts.flatMap((part) => part.enum ?? []) : undefined;
  return { type: types.length === 1 ? types[0]! : types, ...(enums ? { enum: enums } : {}) };
}

export function jsonSchemaOf(codec: t.Mixed): JsonSchema {
  const parts = codec as unknown as CodecParts;
  switch (parts._tag) {
    case 'StringType':
      return { type: 'string' };
    case 'NumberType':
      return { type: 'number' };
    case 'BooleanType':
      return { type: 'boolean' };
    case 'NullType':
      return { type: 'null' };
    case 'LiteralType':
      return { type: typeof parts.value, enum: [parts.value] };
    case 'KeyofType':
      return { type: 'string', enum: Object.keys(parts.keys ?? {}) };
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return { type: 'array', items: jsonSchemaOf(parts.type!) };
    case 'InterfaceType':
      return objectOf(parts.props ?? {}, true);
    case 'PartialType':
      return objectOf(parts.props ?? {}, false);
    case 'ExactType':
    case 'ReadonlyType':
    case 'RefinementType':
      return jsonSchemaOf(parts.type!);
    case 'IntersectionType':
      return mergedObjects((parts.types ?? []).map(jsonSchemaOf), parts.name);
    case 'UnionType':
      return mergedUnion((parts.types ?? []).map(jsonSchemaOf), parts.name);
    default:
      throw new Error(`cannot derive a JSON Schema from the codec ${parts.name} (${String(parts._tag)})`);
  }
}
