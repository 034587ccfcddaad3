import { describe, expect, it } from "vitest";

import { namespacesIn } from "../../messages-namespaces";

describe("namespacesIn (which groups a module imports, messages-plugin.ts)", () => {
  it("finds the namespaces of string and template literals, each once, sorted", () => {
    const code =
      't("shop.cart.title"); t(`takeTest.status.${s}`); t(\'shop.total\'); t("common.ok"); x.shop.y';
    expect(namespacesIn(code)).toEqual(["shop", "takeTest"]);
  });
});
