import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import HomeRoute from "./home";

describe("home, language of parts", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("marks the person's and organization's names lang=vi on an English page", async () => {
    mockApi({ "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")) });
    renderRoute("/home", "/home", <HomeRoute />, { language: "en" });
    const heading = await screen.findByRole("heading", { level: 1, name: "Hello, Nguyễn Thị Lan" });
    expect(heading).not.toHaveAttribute("lang");
    expect(screen.getByText("Nguyễn Thị Lan")).toHaveAttribute("lang", "vi");
    expect(screen.getByText("Trung tâm Học tập")).toHaveAttribute("lang", "vi");
    expect(screen.getByText("Educator ·", { exact: false })).not.toHaveAttribute("lang");
    expect(screen.getByText("NL", { selector: '[lang="vi"] > [role="img"]' })).toHaveAccessibleName(
      "Nguyễn Thị Lan",
    );
  });

  it("adds no lang attribute on a Vietnamese page", async () => {
    mockApi({ "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")) });
    renderRoute("/home", "/home", <HomeRoute />, { language: "vi" });
    const heading = await screen.findByRole("heading", { level: 1, name: "Xin chào, Nguyễn Thị Lan" });
    expect(heading).toHaveTextContent(/^Xin chào, Nguyễn Thị Lan$/);
    expect(screen.queryByText("Nguyễn Thị Lan")).toBeNull(); // no element of its own
    expect(screen.getByText("Giáo viên · Trung tâm Học tập")).not.toHaveAttribute("lang");
    expect(screen.queryByText("Trung tâm Học tập")).toBeNull(); // no element of its own
    expect(screen.queryByText("NL", { selector: '[lang] > [role="img"]' })).toBeNull();
  });
});
