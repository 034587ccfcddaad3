import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Deferred } from "./deferred";

type Part = { Tools: (props: { open: boolean }) => React.ReactNode };

/** A loader the test resolves or rejects by hand (`settle`), counting its calls. */
function handLoader() {
  const loader = {
    calls: 0,
    settle: (() => {}) as (ok: boolean) => void,
    load: (): Promise<Part> => {
      loader.calls += 1;
      return new Promise((resolve, reject) => {
        loader.settle = (ok) =>
          ok
            ? resolve({
                Tools: ({ open }) => (
                  <div>
                    <button type="button">Ngôn ngữ (loaded)</button>
                    <button type="button">Tài khoản (loaded){open ? ", open" : ""}</button>
                  </div>
                ),
              })
            : reject(new Error("offline"));
      });
    },
  };
  return loader;
}

function Shown({ loader }: { loader: ReturnType<typeof handLoader> }) {
  return (
    <Deferred
      load={loader.load}
      fallback={(request) => (
        <>
          <button type="button">Ngôn ngữ</button>
          <button type="button" onClick={request}>
            Tài khoản
          </button>
        </>
      )}
    >
      {(part, requested) => <part.Tools open={requested} />}
    </Deferred>
  );
}

describe("Deferred (decision 0038)", () => {
  afterEach(() => vi.useRealTimers());

  it("loads at once when a pointer comes over a stand-in", async () => {
    const loader = handLoader();
    render(<Shown loader={loader} />);
    await userEvent.hover(screen.getByRole("button", { name: "Ngôn ngữ" }));
    expect(loader.calls).toBe(1);
    await act(async () => loader.settle(true));
    expect(screen.getByRole("button", { name: "Ngôn ngữ (loaded)" })).not.toHaveFocus();
  });

  it("shows the stand-ins, loads the part when the browser is idle, and keeps the focus on the same control", async () => {
    vi.useFakeTimers(); // the idle moment is a timer in jsdom: the test's clock moves past it
    const loader = handLoader();
    render(<Shown loader={loader} />);
    expect(loader.calls).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(300));
    vi.useRealTimers();
    expect(loader.calls).toBe(1);
    act(() => screen.getByRole("button", { name: "Tài khoản" }).focus()); // while the part loads
    await act(async () => loader.settle(true));
    expect(screen.queryByRole("button", { name: "Tài khoản" })).toBeNull();
    expect(screen.getByRole("button", { name: "Tài khoản (loaded)" })).toHaveFocus();
  });

  it("loads at once on a click and tells the part it was asked for; a failed load leaves the stand-ins", async () => {
    const loader = handLoader();
    render(<Shown loader={loader} />);
    await userEvent.click(screen.getByRole("button", { name: "Tài khoản" }));
    expect(loader.calls).toBe(1);
    await act(async () => loader.settle(false));
    expect(screen.getByRole("button", { name: "Tài khoản" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Tài khoản" })); // tried again
    expect(loader.calls).toBe(2);
    await act(async () => loader.settle(true));
    expect(screen.getByRole("button", { name: "Tài khoản (loaded), open" })).toHaveFocus();
  });

  it("keeps a click whose press the part's arrival falls into (issue 38: the header's menus)", async () => {
    const user = userEvent.setup();
    const loader = handLoader();
    render(<Shown loader={loader} />);
    const standIn = screen.getByRole("button", { name: "Tài khoản" });
    await user.hover(standIn); // starts the load
    await user.pointer({ keys: "[MouseLeft>]", target: standIn }); // the button is down...
    await act(async () => loader.settle(true)); // ...when the part comes
    await user.pointer({ keys: "[/MouseLeft]", target: screen.getByRole("button", { name: /^Tài khoản/ }) });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole("button", { name: "Tài khoản (loaded), open" })).toBeInTheDocument();
  });

  it("keeps a key press (Space clicks on its release) that the part's arrival falls into", async () => {
    const user = userEvent.setup();
    const loader = handLoader();
    render(<Shown loader={loader} />);
    act(() => screen.getByRole("button", { name: "Tài khoản" }).focus()); // starts the load
    await user.keyboard("[Space>]");
    await act(async () => loader.settle(true));
    await user.keyboard("[/Space]");
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole("button", { name: "Tài khoản (loaded), open" })).toHaveFocus();
  });
});
