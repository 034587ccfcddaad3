import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { SaveBadge } from "./save-badge";

/** What a screen reader has been told: the texts of the page's live regions. */
function spoken(): string[] {
  return [...document.querySelectorAll("[aria-live]")].map((region) => region.textContent ?? "");
}

describe("SaveBadge (issue 38: announced only when a save fails or recovers)", () => {
  it("shows saving and saved on screen without announcing them", () => {
    const { rerender } = render(<SaveBadge data-testid="badge" tone="saving" label="Đang lưu…" />);
    expect(screen.getByTestId("badge")).toHaveTextContent(/^Đang lưu…$/);
    rerender(<SaveBadge data-testid="badge" tone="saved" label="Đã lưu" />);
    rerender(<SaveBadge data-testid="badge" tone="saving" label="Đang lưu…" />);
    rerender(<SaveBadge data-testid="badge" tone="saved" label="Đã lưu" />);
    expect(screen.getByTestId("badge")).toHaveTextContent(/^Đã lưu$/);
    expect(screen.getByTestId("badge")).not.toHaveAttribute("aria-live");
    expect(spoken().join("")).toBe("");
  });

  it("announces a failure at once (role alert), once, and the recovery politely (role status)", () => {
    const { rerender } = render(<SaveBadge data-testid="badge" tone="saved" label="Đã lưu" />);
    rerender(<SaveBadge data-testid="badge" tone="failed" label="Mất kết nối: đang chờ mạng" />);
    expect(screen.getByRole("alert")).toHaveTextContent(/^Mất kết nối: đang chờ mạng$/);
    expect(screen.getByRole("alert")).toHaveAttribute("aria-live", "assertive");
    // more answers held while offline: the badge counts them, the reader is not told again
    rerender(<SaveBadge data-testid="badge" tone="failed" label="Mất kết nối: 2 thay đổi được giữ" />);
    expect(screen.getByTestId("badge")).toHaveTextContent("Mất kết nối: 2 thay đổi được giữ");
    expect(screen.getByRole("alert")).toHaveTextContent(/^Mất kết nối: đang chờ mạng$/);
    rerender(<SaveBadge data-testid="badge" tone="saving" label="Đang lưu…" />);
    expect(screen.getByRole("status")).toHaveTextContent(/^$/);
    rerender(<SaveBadge data-testid="badge" tone="saved" label="Đã lưu" />);
    expect(screen.getByRole("status")).toHaveTextContent(/^Đã lưu$/);
    expect(screen.getByRole("status")).toHaveAttribute("aria-live", "polite");
    expect(screen.getByRole("alert")).toHaveTextContent(/^$/);
    // the next answers' saves are quiet again; a second failure is told again
    rerender(<SaveBadge data-testid="badge" tone="saving" label="Đang lưu…" />);
    rerender(<SaveBadge data-testid="badge" tone="saved" label="Đã lưu" />);
    expect(screen.getByRole("status")).toHaveTextContent(/^Đã lưu$/); // unchanged: not re-read
    rerender(<SaveBadge data-testid="badge" tone="failed" label="Mất kết nối: đang chờ mạng" />);
    expect(screen.getByRole("alert")).toHaveTextContent(/^Mất kết nối: đang chờ mạng$/);
    expect(screen.getByRole("status")).toHaveTextContent(/^$/);
  });

  it("announces a failure already there when the badge appears", () => {
    render(<SaveBadge data-testid="badge" tone="failed" label="3 câu chưa lưu được" />);
    expect(screen.getByRole("alert")).toHaveTextContent(/^3 câu chưa lưu được$/);
  });
});
