import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok, type Route } from "@/testing/mock-api";

import { CLUSTERS, page, PRESET, ROUND, SUBJECTS } from "../testing/fixtures";
import { recordToasts, renderRoute } from "@/testing/render-route";
import PresetFormRoute from "./preset-form";

const SURVEYS = [
  { id: 4, name: "Khảo sát định hướng nghề nghiệp (Holland – RIASEC)", status: "published" },
  { id: 6, name: "Khảo sát sở thích học tập", status: "published" },
];

function api(surveys: Route, preset = { ...PRESET, survey_ids: [4] }, managing = true) {
  const educator = authorizedAs("EDUCATOR");
  educator.user.survey_management = managing;
  return mockApi({
    "/api/v1/auth/is-authorized": ok(educator),
    "/api/v1/subjects": ok(SUBJECTS),
    "/api/v1/matrix-clusters": ok(CLUSTERS),
    "/api/v1/rounds": ok(page([ROUND])),
    "/api/v1/surveys/list": surveys,
    "/api/v1/test-presets/7": (_url, { method, body }) =>
      ok(method === "PUT" ? { ...preset, ...(body as object) } : preset),
  });
}

/** The form waits for the preset, subjects, clusters and rounds before it shows. */
const WAIT = { timeout: 5000 };

const OFF: Route = {
  status: 403,
  body: {
    success: false,
    code: "survey_management_disabled",
    message: "Chưa bật quản lý khảo sát.",
    errors: {},
  },
};

describe("linked surveys of a test preset", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the organization's published surveys and saves the chosen ones", async () => {
    const user = userEvent.setup();
    const { calls } = api(ok(page(SURVEYS)));
    renderRoute("/test-preset/form/:id?", "/test-preset/form/7", <PresetFormRoute />);
    const group = await screen.findByRole("group", { name: "Khảo sát liên kết" }, WAIT);
    const holland = await within(group).findByRole("checkbox", { name: SURVEYS[0]!.name }, WAIT);
    const other = within(group).getByRole("checkbox", { name: SURVEYS[1]!.name });
    expect(holland).toBeChecked();
    expect(other).not.toBeChecked();
    const list = calls.find((c) => c.path.startsWith("/api/v1/surveys/list"));
    expect(new URL(list!.path, "http://x").searchParams.get("status")).toBe("published");

    await user.click(other);
    await user.click(holland);
    await user.click(screen.getByRole("button", { name: "Lưu" }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ survey_ids: [6] });
  });

  it("keeps a linked survey that is no longer published, so it can be unlinked", async () => {
    const user = userEvent.setup();
    const { calls } = api(ok(page([SURVEYS[1]])), { ...PRESET, survey_ids: [4] });
    renderRoute("/test-preset/form/:id?", "/test-preset/form/7", <PresetFormRoute />, { language: "en" });
    const group = await screen.findByRole("group", { name: "Linked surveys" }, WAIT);
    await within(group).findByRole("checkbox", { name: SURVEYS[1]!.name }, WAIT);
    const old = within(group).getByRole("checkbox", { name: "Survey #4 (no longer published)" });
    expect(old).toBeChecked();
    await user.click(old);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ survey_ids: [] });
  });

  it("explains when survey management is off, without asking for the surveys, and keeps the links", async () => {
    const user = userEvent.setup();
    const toasts = recordToasts();
    const { calls } = api(OFF, { ...PRESET, survey_ids: [4] }, false);
    renderRoute("/test-preset/form/:id?", "/test-preset/form/7", <PresetFormRoute />);
    const group = await screen.findByRole("group", { name: "Khảo sát liên kết" }, WAIT);
    const note = await within(group).findByRole("note", {}, WAIT);
    expect(note).toHaveTextContent("chưa được bật quản lý khảo sát");
    expect(note).toHaveTextContent("1 khảo sát đã liên kết vẫn được giữ nguyên.");
    expect(within(group).queryByRole("checkbox")).toBeNull();
    // the rest of the form still works, and the preset's surveys are sent as they were
    await user.click(screen.getByRole("button", { name: "Lưu" }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ survey_ids: [4] });
    // the session said so: no request the server would refuse (issue 38 item 6), no toast
    expect(calls.filter((c) => c.path.startsWith("/api/v1/surveys/list"))).toHaveLength(0);
    expect(toasts.filter((t) => t.variant === "destructive")).toEqual([]);
  });

  it("still explains it when the server refuses (turned off since the page loaded), with one call", async () => {
    const { calls } = api(OFF);
    renderRoute("/test-preset/form/:id?", "/test-preset/form/7", <PresetFormRoute />);
    const group = await screen.findByRole("group", { name: "Khảo sát liên kết" }, WAIT);
    const note = await within(group).findByRole("note", {}, WAIT);
    expect(note).toHaveTextContent("chưa được bật quản lý khảo sát");
    expect(calls.filter((c) => c.path.startsWith("/api/v1/surveys/list"))).toHaveLength(1);
  });
});
