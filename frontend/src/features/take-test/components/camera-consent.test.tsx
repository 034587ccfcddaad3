import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import PreparationRoute from "../routes/preparation";
import { preparation } from "../testing/fixtures";

const BASE = "/api/v1/take-test/5";
const CONSENTED = "2026-11-27T01:30:00Z"; // 08:30 in Vietnam

function open(language: "vi" | "en" = "vi") {
  return renderRoute(
    "/take-test/preparation/:test_user_assignment_id",
    "/take-test/preparation/5",
    <PreparationRoute />,
    { language },
  );
}

describe("consent to camera proctoring at preparation (issue 24, item 2)", () => {
  it("says what is recorded, who sees it and how long it is kept, locks the video until ticked, then records it", async () => {
    const user = userEvent.setup();
    let consented: string | null = null;
    const { calls } = mockApi({
      [BASE]: () => ok(preparation({ camera_consented_at: consented, video_keep_days: 120 })),
      [`${BASE}/camera-consent`]: () => {
        consented = CONSENTED;
        return ok({ camera_consented_at: CONSENTED });
      },
    });
    open();
    const section = await screen.findByRole("region", { name: "Đồng ý giám sát bằng camera" });
    expect(
      within(section)
        .getAllByRole("term")
        .map((term) => term.textContent),
    ).toEqual(["Những gì được ghi lại", "Ai được xem", "Lưu trong bao lâu"]);
    expect(
      within(section)
        .getAllByRole("definition")
        .map((definition) => definition.textContent),
    ).toEqual([
      "Một video 30 giây (hình ảnh và âm thanh) quay bạn và chỗ ngồi xung quanh, quay hoặc tải lên tại trang này trước khi bắt đầu. Camera không quay trong lúc bạn làm bài.",
      "Giáo viên và quản trị viên của Trung tâm Học tập Suốt đời khi chấm và xem xét bài thi. Mỗi lượt xem đều được ghi lại.",
      "120 ngày sau khi kết quả bài thi được công bố, rồi video tự động bị xoá.",
    ]);
    // the video step is locked until the consent
    const video = screen.getByRole("region", { name: "Video quay xung quanh" });
    expect(within(video).getByRole("button", { name: "Quay 30 giây" })).toBeDisabled();
    expect(within(video).getByLabelText("Chọn tệp video")).toBeDisabled();
    expect(video).toHaveTextContent(
      "Đánh dấu đồng ý giám sát bằng camera ở trên trước khi quay hoặc tải video lên.",
    );

    const agree = within(section).getByRole("checkbox", {
      name: "Tôi đồng ý để bài thi này được giám sát bằng camera như trên.",
    });
    await user.click(agree);
    expect(
      await within(section).findByText("Đã ghi nhận sự đồng ý lúc 08:30 27/11/2026."),
    ).toBeInTheDocument();
    expect(agree).toBeChecked();
    expect(agree).toBeDisabled();
    expect(calls.find((c) => c.path === `${BASE}/camera-consent`)?.method).toBe("POST");
    expect(within(video).getByLabelText("Chọn tệp video")).toBeEnabled();
    expect(video).not.toHaveTextContent("Đánh dấu đồng ý");
  });

  it("reads in English, offers the no-camera mode where the test allows it and hides the consent then", async () => {
    const user = userEvent.setup();
    mockApi({ [BASE]: ok(preparation({ allow_no_camera: true, video_keep_days: 1 })) });
    open("en");
    const section = await screen.findByRole("region", { name: "Consent to camera proctoring" });
    expect(section).toHaveTextContent(
      "The educators and administrators of Trung tâm Học tập Suốt đời, when they grade and review the test. Every viewing is logged.",
    );
    expect(section).toHaveTextContent(
      "1 day after the test's result is released; then the video is deleted automatically.",
    );
    expect(within(section).getByRole("status")).toHaveTextContent(
      "Rather not use the camera? This test lets you choose to start without a camera above.",
    );
    await user.click(screen.getByLabelText(/Start without camera/));
    expect(screen.queryByRole("region", { name: "Consent to camera proctoring" })).toBeNull();
  });

  it("shows the server's refusal and lets the learner tick again", async () => {
    const user = userEvent.setup();
    mockApi({
      [BASE]: ok(preparation()),
      [`${BASE}/camera-consent`]: {
        status: 409,
        body: { success: false, code: "camera_not_used", message: "This test does not use the camera." },
      },
    });
    open("en");
    const agree = await screen.findByRole("checkbox", {
      name: "I agree to camera proctoring of this test as described above.",
    });
    await user.click(agree);
    expect(await screen.findByRole("alert")).toHaveTextContent("This test does not use the camera.");
    expect(agree).not.toBeChecked();
    expect(agree).toBeEnabled();
  });

  it("has no consent when the test does not use the camera", async () => {
    mockApi({ [BASE]: ok(preparation({ camera_proctoring: false })) });
    open("vi");
    await screen.findByRole("heading", { name: "Đánh giá năng lực Toán 9" });
    expect(screen.queryByRole("region", { name: "Đồng ý giám sát bằng camera" })).toBeNull();
  });
});
