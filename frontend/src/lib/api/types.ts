/** Shortcuts to the schemas of the generated OpenAPI types (./ops/openapi-types writes
 * v1.d.ts and public.d.ts; never edit those by hand). */
import type { components as PublicComponents } from "./public";
import type { components as V1Components } from "./v1";

export type PublicSchemas = PublicComponents["schemas"];
export type V1Schemas = V1Components["schemas"];

/** One page of a list endpoint (`{items, page, limit, total}`, ARCHITECTURE.md "API contract"),
 * the shape of every generated `Page_*_` schema with its item type. */
export type Page<T> = Omit<V1Schemas["Page_MemberOut_"], "items"> & { items: T[] };

/** The query every list endpoint takes (page 1-based; limit 1..100; order_by a field name, "-"
 * for descending); each endpoint adds its own filters. */
export interface ListQuery {
  page?: number;
  limit?: number;
  search?: string;
  order_by?: string;
}
