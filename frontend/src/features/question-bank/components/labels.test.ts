import { describe, expect, it } from "vitest";

import { clusterName } from "./labels";

describe("matrix labels (issue 18)", () => {
  it("shows the code and the label the server chose for the reader", () => {
    expect(clusterName({ code: "NB", label: "Nhận biết" })).toBe("NB — Nhận biết");
    expect(clusterName({ code: "REM", label: "Remember" })).toBe("REM — Remember");
  });
});
