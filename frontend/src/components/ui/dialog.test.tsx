import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef, useState } from "react";
import { describe, expect, it } from "vitest";

import { renderWithProviders } from "@/testing/render";

import { ConfirmDialog } from "./confirm-dialog";
import { Dialog } from "./dialog";
import { DialogButtons } from "./dialog-buttons";

/** A page with a button that opens a dialog (Cancel closes it). */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Ngân hàng câu hỏi</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Ngân hàng mới
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Tạo ngân hàng" closeLabel="Đóng">
        <DialogButtons onCancel={() => setOpen(false)} onConfirm={() => setOpen(false)} />
      </Dialog>
    </main>
  );
}

/** A list whose rows are deleted through a confirmation: the row's button goes away with the row,
 * so focus goes to the list's heading (`returnFocus`). */
function DeletableRows({ withReturnFocus = true }: { withReturnFocus?: boolean }) {
  const [rows, setRows] = useState(["Đề 1", "Đề 2"]);
  const [deleting, setDeleting] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <main>
      <h1>Trang</h1>
      <h2 ref={heading} tabIndex={-1}>
        Đề thi
      </h2>
      {rows.map((row) => (
        <button key={row} type="button" onClick={() => setDeleting(row)}>
          Xoá {row}
        </button>
      ))}
      <ConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          setRows((r) => r.filter((x) => x !== deleting));
          setDeleting(null);
        }}
        title="Xoá đề?"
        description="Không thể hoàn tác."
        confirmLabel="Xoá"
        cancelLabel="Hủy"
        closeLabel="Đóng"
        returnFocus={withReturnFocus ? heading : undefined}
      />
    </main>
  );
}

/** A row's actions in a menu; one opens a confirmation (the menu item is gone by then). */
function MenuOpener() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Khảo sát</h1>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>Thao tác</DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content>
            <DropdownMenu.Item onSelect={() => setOpen(true)}>Xoá</DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={() => setOpen(false)}
        title="Xoá khảo sát?"
        description="Không thể hoàn tác."
        confirmLabel="Xoá"
        cancelLabel="Hủy"
        closeLabel="Đóng"
      />
    </main>
  );
}

describe("Dialog returns focus", () => {
  it("to the menu's button when a menu item opened it", async () => {
    const user = userEvent.setup();
    renderWithProviders(<MenuOpener />);
    const trigger = screen.getByRole("button", { name: "Thao tác" });
    await user.click(trigger);
    await user.click(await screen.findByRole("menuitem", { name: "Xoá" }));
    await user.click(await screen.findByRole("button", { name: "Hủy" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it("to the menu's button when the menu was used by keyboard", async () => {
    const user = userEvent.setup();
    renderWithProviders(<MenuOpener />);
    const trigger = screen.getByRole("button", { name: "Thao tác" });
    trigger.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByRole("menuitem", { name: "Xoá" })).toHaveFocus());
    await user.keyboard("{Enter}");
    await screen.findByRole("dialog", { name: "Xoá khảo sát?" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it("to its opener when closed with Escape", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Opener />);
    const opener = screen.getByRole("button", { name: "Ngân hàng mới" });
    await user.click(opener);
    expect(await screen.findByRole("dialog", { name: "Tạo ngân hàng" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Hủy" })).toHaveFocus());
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("to its opener when closed with Cancel, and with the close button", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Opener />);
    const opener = screen.getByRole("button", { name: "Ngân hàng mới" });
    await user.click(opener);
    await user.click(await screen.findByRole("button", { name: "Hủy" }));
    await waitFor(() => expect(opener).toHaveFocus());

    await user.keyboard("{Enter}");
    await user.click(await screen.findByRole("button", { name: "Đóng" }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("to the given element when its opener was removed", async () => {
    const user = userEvent.setup();
    renderWithProviders(<DeletableRows />);
    await user.click(screen.getByRole("button", { name: "Xoá Đề 1" }));
    await user.click(await screen.findByRole("button", { name: "Xoá" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Xoá Đề 1" })).toBeNull());
    await waitFor(() => expect(screen.getByRole("heading", { name: "Đề thi" })).toHaveFocus());
  });

  it("to the page's main heading, never <body>, when neither opener nor target exists", async () => {
    const user = userEvent.setup();
    renderWithProviders(<DeletableRows withReturnFocus={false} />);
    await user.click(screen.getByRole("button", { name: "Xoá Đề 2" }));
    await user.click(await screen.findByRole("button", { name: "Xoá" }));
    const heading = screen.getByRole("heading", { level: 1, name: "Trang" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute("tabindex", "-1");
  });
});
