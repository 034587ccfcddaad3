/** Cart payload types (issue 6), from the generated OpenAPI types. */
import type { V1Schemas } from "@/lib/api/types";

export type Cart = V1Schemas["CartOut"];
export type CartItem = V1Schemas["CartItemOut"];
export type CartInput = V1Schemas["CartIn"];

/** Add-ons a test listing can be bought with (a listing's price for one is null when it is not
 * offered; 0 means free). */
export type TestAddon = "test_only" | "test_advanced";

/** Query keys shared with the header (by key, not by import): the cart badge reads
 * ["shopping-cart"] and the user menu's red dot ["transactions", "pending-dot"]; invalidating
 * these prefixes refreshes them together with the shop's own views. */
export const CART_KEY = ["shopping-cart"] as const;
export const TRANSACTIONS_KEY = ["transactions"] as const;
