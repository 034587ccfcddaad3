import { describe, expect, it } from "vitest";

import { checkRoute, isActive } from "./guard";
import { sidebarItems } from "./layouts/sidebar";

describe("route guard (spec §2)", () => {
  it("lets anyone through routes without roles", () => {
    expect(checkRoute([undefined, { auth: true }], "LEARNER", 800)).toBe("ok");
  });
  it("sends a role outside the matched route's roles to forbidden", () => {
    expect(checkRoute([{ roles: ["LEARNER"] }], "EDUCATOR", 1400)).toBe("forbidden");
    expect(checkRoute([{}, { roles: ["EDUCATOR"] }], "LEARNER", 1400)).toBe("forbidden");
    expect(checkRoute([{ roles: ["LEARNER"] }], undefined, 1400)).toBe("forbidden");
  });
  it("sends narrow windows on test routes to unsupported", () => {
    expect(checkRoute([{ roles: ["LEARNER"], minWidth: 1280 }], "LEARNER", 1279)).toBe("unsupported");
    expect(checkRoute([{ roles: ["LEARNER"], minWidth: 1280 }], "LEARNER", 1280)).toBe("ok");
  });
  it("marks the item whose path the current path contains", () => {
    expect(isActive("/marketplace", "/marketplace/shopping-cart")).toBe(true);
    expect(isActive("/learner", "/educator")).toBe(false);
  });
  it("shows the educator sidebar only to educators", () => {
    expect(sidebarItems("EDUCATOR").map((i) => i.path)).toEqual([
      "/question-bank",
      "/test-preset",
      "/round",
      "/survey",
      "/marketplace",
      "/educator",
      "/learner",
      "/alltransaction",
    ]);
    expect(sidebarItems("LEARNER").map((i) => i.path)).toEqual([
      "/assignment/student",
      "/survey/student",
      "/marketplace",
    ]);
    expect(sidebarItems(undefined).map((i) => i.path)).toEqual([
      "/assignment/student",
      "/survey/student",
      "/marketplace",
    ]);
  });
});
