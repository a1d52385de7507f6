import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { buildOpenApiDocument } from './build-document.ts';

/** The folder of the student apps' client: its document and types are generated, its wrapper and README are written by hand. */
export const STUDENT_CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../clients/student-api');

/** The paths a student app calls: sign-in and account, its own routes, push keys, and the files it opens. */
const STUDENT_PATH_PREFIXES = ['/api/auth/', '/api/student/', '/api/push/'];
const FILE_PATH_PREFIX = '/api/assets/';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The operations of a path a student app uses: every one under the student prefixes, the reads (GET) of files. */
function studentOperations(url: string, item: JsonObject): JsonObject | null {
  if (STUDENT_PATH_PREFIXES.some((prefix) => url.startsWith(prefix))) return item;
  if (!url.startsWith(FILE_PATH_PREFIX) || !isObject(item.get)) return null;
  const { parameters, get } = item;
  return parameters === undefined ? { get } : { parameters, get };
}

/**
 * A Fastify wildcard route appears in the document as a path parameter named `*`, which a generated
 * client cannot fill (openapi-fetch reads `{*}` as an exploded parameter without a name): the cut
 * names it `file`. A document that names it already is kept as it is.
 */
const WILDCARD = '{*}';
const WILDCARD_NAME = 'file';

function namedWildcard(url: string, item: JsonObject): [string, JsonObject] {
  if (!url.includes(WILDCARD)) return [url, item];
  const named = (parameters: Json | undefined): Json | undefined =>
    Array.isArray(parameters)
      ? parameters.map((parameter) =>
          isObject(parameter) && parameter.in === 'path' && parameter.name === '*' ? { ...parameter, name: WILDCARD_NAME } : parameter,
        )
      : parameters;
  const operations = Object.entries(item).map(([key, value]) => {
    if (key === 'parameters') return [key, named(value)];
    return [key, isObject(value) && value.parameters !== undefined ? { ...value, parameters: named(value.parameters) } : value];
  });
  return [url.replace(WILDCARD, `{${WILDCARD_NAME}}`), Object.fromEntries(operations) as JsonObject];
}

/** The component names a value refers to (`#/components/<kind>/<name>`), in the order met. */
function referencesIn(value: Json, found: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) referencesIn(item, found);
  else if (isObject(value))
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith('#/components/')) found.add(item);
      else referencesIn(item, found);
    }
}

/** The components the kept paths need, followed through components that refer to others. */
function neededComponents(components: JsonObject, paths: JsonObject): JsonObject {
  const references = new Set<string>();
  referencesIn(paths, references);
  const kept: Record<string, JsonObject> = {};
  for (const reference of references) {
    const [kind, name] = reference.slice('#/components/'.length).split('/');
    const group = kind === undefined ? undefined : components[kind];
    const component = name === undefined || !isObject(group) ? undefined : group[name];
    if (kind === undefined || name === undefined || component === undefined) throw new Error(`the document refers to ${reference}, which it does not hold`);
    (kept[kind] ??= {})[name] = component;
    referencesIn(component, references);
  }
  // Security schemes are named by operations, not referred to: all of them stay.
  if (isObject(components.securitySchemes)) kept.securitySchemes = components.securitySchemes;
  // Each kind's components in the document's own order, so the output does not depend on the walk.
  return Object.fromEntries(
    Object.entries(components)
      .filter(([kind]) => kept[kind] !== undefined)
      .map(([kind, group]) => [
        kind,
        Object.fromEntries(
          Object.keys(group as JsonObject)
            .filter((name) => kept[kind]![name] !== undefined)
            .map((name) => [name, kept[kind]![name]!]),
        ),
      ]),
  );
}

/** The API document cut to the student apps' operations and the components they need. */
export function studentDocument(document: JsonObject): JsonObject {
  if (!isObject(document.paths)) throw new Error('the API document has no paths');
  const paths: JsonObject = {};
  for (const [url, item] of Object.entries(document.paths)) {
    const kept = isObject(item) ? studentOperations(url, item) : null;
    if (kept) {
      const [named, operations] = namedWildcard(url, kept);
      paths[named] = operations;
    }
  }
  const { paths: _all, components, ...rest } = document;
  const needed = neededComponents(isObject(components) ? components : {}, paths);
  return { ...rest, ...(components === undefined ? {} : { components: needed }), paths };
}

const GENERATED_NOTE = '// Generated by `npm run api:client` from openapi.json: do not edit.\n';

/** The generated files of the student client (name in the client's folder → text), built from the server's routes. */
export async function generateStudentClient(): Promise<Map<string, string>> {
  const document = studentDocument((await buildOpenApiDocument()) as JsonObject);
  const types = astToString(await openapiTS(document as unknown as OpenAPI3));
  return new Map([
    ['openapi.json', `${JSON.stringify(document, null, 2)}\n`],
    ['schema.d.ts', `${GENERATED_NOTE}\n${types}`],
  ]);
}

/** The generated files whose committed text differs from `generated` (missing ones included). */
export async function staleStudentClientFiles(generated: Map<string, string>, dir = STUDENT_CLIENT_DIR): Promise<string[]> {
  const stale: string[] = [];
  for (const [name, text] of generated) {
    const committed = await readFile(path.join(dir, name), 'utf8').catch(() => null);
    if (committed !== text) stale.push(path.relative(process.cwd(), path.join(dir, name)));
  }
  return stale;
}
