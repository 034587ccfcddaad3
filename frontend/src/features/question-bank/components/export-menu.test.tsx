import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import { ExportMenu } from "./export-menu";

/** Saves what the browser would download: the file names given to the link. */
function recordDownloads(): string[] {
  const saved: string[] = [];
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => undefined }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

function fileAnswer(name: string) {
  return async () =>
    new Response(new Blob(["file"]), {
      status: 200,
      headers: { "Content-Disposition": `attachment; filename="${name}"` },
    });
}

describe("a bank's export menu", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("offers the three formats and downloads the Moodle XML and QTI files", async () => {
    const user = userEvent.setup();
    const { fetchMock } = mockApi({});
    const saved = recordDownloads();
    renderWithProviders(<ExportMenu bankId={4} />);

    await user.click(screen.getByRole("button", { name: "Xuất" }));
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Excel (.xlsx)",
      "Moodle XML (.xml)",
      "QTI 2.1 (.zip)",
    ]);
    fetchMock.mockImplementationOnce(fileAnswer("question-bank-4.xml"));
    await user.click(screen.getByRole("menuitem", { name: "Moodle XML (.xml)" }));
    await vi.waitFor(() => expect(saved).toEqual(["question-bank-4.xml"]));
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe("/api/v1/question-banks/4/export/moodle_xml");

    await user.click(screen.getByRole("button", { name: "Xuất" }));
    fetchMock.mockImplementationOnce(fileAnswer("question-bank-4.zip"));
    await user.click(await screen.findByRole("menuitem", { name: "QTI 2.1 (.zip)" }));
    await vi.waitFor(() => expect(saved).toEqual(["question-bank-4.xml", "question-bank-4.zip"]));
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe("/api/v1/question-banks/4/export/qti");
  });

  it("speaks English to an English reader", async () => {
    const user = userEvent.setup();
    mockApi({});
    renderWithProviders(<ExportMenu bankId={4} />, { language: "en" });
    await user.click(await screen.findByRole("button", { name: "Export" }));
    expect((await screen.findAllByRole("menuitem")).map((item) => item.textContent)).toEqual([
      "Excel (.xlsx)",
      "Moodle XML (.xml)",
      "QTI 2.1 (.zip)",
    ]);
  });
});
