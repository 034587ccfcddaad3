import { describe, expect, it } from "vitest";

import { clusterName, readerLabel } from "./labels";

describe("matrix labels in the reader's language only (issue 18)", () => {
  it("shows the Vietnamese half in vi and the English half in en", () => {
    expect(readerLabel("Nhận biết (Recognition)", "vi")).toBe("Nhận biết");
    expect(readerLabel("Nhận biết (Recognition)", "en")).toBe("Recognition");
    expect(readerLabel("Vận dụng cao (High application)", "en")).toBe("High application");
    expect(clusterName({ code: "NB", description: "Nhận biết (Recognition)" }, "vi")).toBe("NB — Nhận biết");
    expect(clusterName({ code: "REM", description: "Ghi nhớ (Remember)" }, "en")).toBe("REM — Remember");
  });

  it("leaves other texts whole, in both languages", () => {
    expect(readerLabel("Hình học", "en")).toBe("Hình học");
    expect(readerLabel("Hàm số (lớp 10)", "en")).toBe("Hàm số (lớp 10)");
    expect(readerLabel("Vectors (2D)", "en")).toBe("Vectors (2D)");
    expect(clusterName({ code: "T9-HH", description: "Hình học" }, "en")).toBe("T9-HH — Hình học");
  });
});
