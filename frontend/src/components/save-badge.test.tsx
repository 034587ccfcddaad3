import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { SaveBadge } from "./save-badge";

describe("SaveBadge", () => {
  it("announces the save state politely (role status)", () => {
    const { rerender } = render(<SaveBadge tone="saving" label="Đang lưu…" />);
    const badge = screen.getByRole("status");
    expect(badge).toHaveTextContent(/^Đang lưu…$/);
    expect(badge).toHaveAttribute("aria-live", "polite");
    expect(badge).toHaveAttribute("aria-atomic", "true");
    rerender(<SaveBadge tone="saved" label="Đã lưu" />);
    expect(screen.getByRole("status")).toHaveTextContent(/^Đã lưu$/);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("announces at once (role alert) a tone that asks for it", () => {
    render(<SaveBadge tone="failed" label="Mất kết nối: đang chờ mạng" alert />);
    expect(screen.getByRole("alert")).toHaveTextContent(/^Mất kết nối: đang chờ mạng$/);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
