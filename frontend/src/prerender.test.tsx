import { QueryClient } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";

import { App } from "@/app/app";
import { hydrateInSlices } from "@/app/hydrate";
import { routes } from "@/app/routes";

import { PAGES, render as prerender } from "./prerender";

/** The page's prerendered HTML in the document, as the server sends it inside #root. */
async function serve(path: string, language: "vi" | "en"): Promise<HTMLDivElement> {
  const root = document.createElement("div");
  root.innerHTML = await prerender(path, language);
  document.body.append(root);
  return root;
}

afterEach(() => document.body.replaceChildren());

describe("the prerender of the public pages (decision 0028)", () => {
  it("renders the landing in Vietnamese and /login in English with its form waiting for the script", async () => {
    await serve("/", "vi");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      /^Đánh giá năng lực và định hướng nghề nghiệp cho học sinh$/,
    );
    document.body.replaceChildren();
    const login = await serve("/login", "en");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(/^Welcome back$/);
    expect(screen.getByLabelText("E-mail")).toBeDisabled(); // until hydrated (useHydrated)
    expect(screen.getByLabelText("Password")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Log in" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "EN – Switch to Vietnamese" })).toBeDisabled();
    expect(login.innerHTML).toMatch(/<form [^>]*method="post"/);
  });

  for (const language of ["vi", "en"] as const) {
    it(`every page hydrates in ${language} without a mismatch and keeps its markup`, async () => {
      for (const path of PAGES) {
        const root = await serve(path, language);
        const heading = screen.getByRole("heading", { level: 1 });
        window.localStorage.setItem("lang", language); // what the browser hydrates with
        const recoverable = vi.fn();
        const router = createMemoryRouter(routes, { initialEntries: [path] });
        const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
        const app = await act(async () =>
          hydrateInSlices(
            root,
            <StrictMode>
              <App router={router} client={client} />
            </StrictMode>,
            { onRecoverableError: recoverable },
          ),
        );
        expect(recoverable, path).not.toHaveBeenCalled();
        expect(screen.getByRole("heading", { level: 1 }), path).toBe(heading); // not rendered anew
        // hydrated: the language switch works now
        expect(screen.getByRole("button", { name: /^(VI|EN) – / }), path).toBeEnabled();
        act(() => app.unmount());
        document.body.replaceChildren();
      }
    });
  }
});
