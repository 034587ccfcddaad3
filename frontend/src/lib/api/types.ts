/** Shortcuts to the schemas of the generated OpenAPI types (./ops/openapi-types writes
 * v1.d.ts and public.d.ts; never edit those by hand). */
import type { components as PublicComponents } from "./public";
import type { components as V1Components } from "./v1";

export type PublicSchemas = PublicComponents["schemas"];
export type V1Schemas = V1Components["schemas"];
