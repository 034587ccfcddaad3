import { describe, expect, it } from "vitest";

import { cartBadge } from "./get-cart";

describe("cart badge (spec §2)", () => {
  it("is hidden at zero, the number up to 9, 9+ above", () => {
    expect(cartBadge(0)).toBeNull();
    expect(cartBadge(1)).toBe("1");
    expect(cartBadge(9)).toBe("9");
    expect(cartBadge(10)).toBe("9+");
  });
});
