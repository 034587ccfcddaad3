import "@testing-library/jest-dom/vitest";

import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

import { ensureAppMessages } from "@/lib/intl";

await ensureAppMessages(); // component tests render signed-in screens

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
