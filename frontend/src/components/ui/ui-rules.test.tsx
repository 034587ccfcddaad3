import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { Avatar, initials } from "./avatar";

describe("avatar initials (spec §3)", () => {
  it("takes the first letters of the first and last words, upper-cased", () => {
    expect(initials("nguyễn văn an")).toBe("NA");
    expect(initials("Lan")).toBe("L");
    expect(initials("  Trần   Thị  Bích  ")).toBe("TB");
    expect(initials("")).toBe("");
  });
  it("renders initials when there is no photo", () => {
    render(<Avatar name="Đặng Minh Khoa" />);
    expect(screen.getByLabelText("Đặng Minh Khoa")).toHaveTextContent("ĐK");
  });
});
