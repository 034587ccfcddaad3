import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";

import { renderWithProviders } from "@/testing/render";

import { Drawer } from "./drawer";

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Mở menu
      </button>
      <Drawer open={open} onOpenChange={setOpen} label="Điều hướng chính" closeLabel="Đóng">
        <nav aria-label="Menu">
          <a href="#bank">Ngân hàng câu hỏi</a>
        </nav>
      </Drawer>
    </main>
  );
}

describe("Drawer", () => {
  it("is a named modal dialog that takes focus and returns it to the menu button on Escape", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    const opener = screen.getByRole("button", { name: "Mở menu" });
    await user.click(opener);
    const drawer = await screen.findByRole("dialog", { name: "Điều hướng chính" });
    await waitFor(() => expect(within(drawer).getByRole("button", { name: "Đóng" })).toHaveFocus());
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("returns focus to the menu button when closed with its close button", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    const opener = screen.getByRole("button", { name: "Mở menu" });
    await user.click(opener);
    await user.click(await screen.findByRole("button", { name: "Đóng" }));
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
