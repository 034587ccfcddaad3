/** A fetch stub for unit tests: answers by path with an envelope (or an error status) and
 * records every call with its headers. */
import { vi } from "vitest";

export interface Reply {
  status?: number;
  body: unknown;
}

export interface RecordedCall {
  path: string;
  method: string;
  headers: Record<string, string>;
  /** The parsed JSON body of the request, if any. */
  body?: unknown;
}

/** A route answers with a reply, or computes one from the URL and the request (method, body). */
export type Route = Reply | ((url: URL, request: { method: string; body: unknown }) => Reply);

export function mockApi(routes: Record<string, Route>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    let body: unknown;
    if (typeof init.body === "string") {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    calls.push({
      path: url.pathname + url.search,
      method,
      headers: (init.headers ?? {}) as Record<string, string>,
      body,
    });
    const route = routes[url.pathname];
    const reply = typeof route === "function" ? route(url, { method, body }) : route;
    const { status = 200, body: answer } = reply ?? {
      status: 404,
      body: { success: false, message: "Not found." },
    };
    return new Response(JSON.stringify(answer), { status, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

export const ok = (data: unknown): Reply => ({ body: { success: true, data, message: "" } });

/** An is-authorized payload for a user of `role`. */
export function authorizedAs(role: "LEARNER" | "EDUCATOR", name = "Nguyễn Thị Lan") {
  const now = "2026-11-22T08:00:00Z";
  const user = {
    id: 1,
    pandai_profile_id: 11,
    pandai_profile_member_id: 11,
    name,
    email: "lan@example.vn",
    profileImage: null,
    educatorOrganizationId: role === "EDUCATOR" ? 3 : "",
    pandai_profile_role: role,
    createdAt: now,
    updatedAt: now,
    is_admin: false,
    province_code: "79",
    district_text: "",
    has_pandai_survey_account: false,
    // an educator of an organization that manages surveys; set it to false for one that does not
    survey_management: role === "EDUCATOR",
    grade: 9,
    organization: role === "EDUCATOR" ? { id: 3, name: "Trung tâm Học tập", logo: null } : null,
    alternate_email: "",
    level: "",
    class_name: "9A1",
    school_name: "THCS Lê Lợi",
    curriculum: "",
    phone: "",
    gender: "female",
    date_of_birth: null,
    job_title: "",
    status: "ACTIVE",
    cccd: "",
  };
  const profile = {
    id: 11,
    name,
    email: user.email,
    profileImage: null,
    pandai_profile_role: role,
    organization: user.organization,
    is_admin: false,
  };
  return { user, profiles: [profile], current_profile_id: 11 };
}
