import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Authorized } from "@/lib/auth/types";
import type { Language } from "@/lib/language";
import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { renderWithProviders } from "@/testing/render";

import { SwitchAccountDialog } from "./switch-account-dialog";

function renderDialog(language: Language) {
  const authorized = authorizedAs("EDUCATOR", "Trần Văn Minh") as unknown as Authorized;
  mockApi({ "/api/v1/users/my-profiles": ok({ profiles: authorized.profiles, current_profile_id: 11 }) });
  renderWithProviders(<SwitchAccountDialog open onOpenChange={() => {}} authorized={authorized} />, {
    language,
  });
}

describe("SwitchAccountDialog, language of parts", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("marks the organization and person names lang=vi on an English page", async () => {
    renderDialog("en");
    const dialog = await screen.findByRole("dialog", { name: "Switch account" });
    const organization = within(dialog).getByText("Trung tâm Học tập");
    expect(organization).toHaveAttribute("lang", "vi");
    // The avatar's name (its aria-label) is read in the language of its wrapper.
    expect(within(dialog).getByRole("img", { name: "Trần Văn Minh" })).toHaveTextContent("TM");
    expect(within(dialog).getByText("TM", { selector: '[lang="vi"] > [role="img"]' })).toBeInTheDocument();
    expect(within(dialog).getByText("Educator")).not.toHaveAttribute("lang");
  });

  it("adds no lang attribute on a Vietnamese page", async () => {
    renderDialog("vi");
    const dialog = await screen.findByRole("dialog", { name: "Chuyển tài khoản" });
    expect(within(dialog).getByText("Trung tâm Học tập")).not.toHaveAttribute("lang");
    expect(within(dialog).getByRole("img", { name: "Trần Văn Minh" })).toHaveTextContent("TM");
    expect(within(dialog).queryByText("TM", { selector: '[lang] > [role="img"]' })).toBeNull();
  });
});
