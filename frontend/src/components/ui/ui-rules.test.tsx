import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { cartBadge } from "@/features/marketplace/api/get-cart";
import { groupOf } from "@/features/notifications/components/group-of";

import { Avatar, initials } from "./avatar";

describe("cart badge (spec §2)", () => {
  it("is hidden at zero, the number up to 9, 9+ above", () => {
    expect(cartBadge(0)).toBeNull();
    expect(cartBadge(1)).toBe("1");
    expect(cartBadge(9)).toBe("9");
    expect(cartBadge(10)).toBe("9+");
  });
});

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

describe("notification groups", () => {
  const now = new Date(2026, 10, 22, 15, 0);
  it("groups by the reader's day", () => {
    expect(groupOf(new Date(2026, 10, 22, 0, 5).toISOString(), now)).toBe("today");
    expect(groupOf(new Date(2026, 10, 21, 23, 0).toISOString(), now)).toBe("yesterday");
    expect(groupOf(new Date(2026, 10, 17, 12, 0).toISOString(), now)).toBe("last7");
    expect(groupOf(new Date(2026, 10, 1, 12, 0).toISOString(), now)).toBe("older");
  });
});
