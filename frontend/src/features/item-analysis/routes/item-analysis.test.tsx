import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { loadKatex, loadMathSpeech } from "@/components/math-html";
import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import { FEW, IN_PARTS, NUMERIC, QUEUED, READY, SET } from "../testing/fixtures";
import BatchItemAnalysisRoute from "./item-analysis-batch";
import PresetItemAnalysisRoute from "./item-analysis-preset";

// KaTeX and the speech of formulas load on first need (math-html.tsx); here they are there
// before the page renders.
beforeAll(() => Promise.all([loadKatex(), loadMathSpeech("vi")]), 30_000);

const PRESET = "/assignment/item-analysis/preset/:presetId";

describe("item analysis", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the test's figures, histogram rows, flagged questions and what the flags mean", async () => {
    mockApi({ "/api/v1/test-presets/7/item-analysis": ok(READY) });
    renderRoute(PRESET, "/assignment/item-analysis/preset/7", <PresetItemAnalysisRoute />);

    expect(await screen.findByRole("heading", { level: 1, name: "Toán 9 - Học kỳ I" })).toBeVisible();
    expect(screen.getByText("Tính lúc 10:00 22/11/2026")).toBeVisible();
    expect(screen.getByRole("region", { name: "Bài làm" })).toHaveTextContent(
      "Bài được phân tích40Bài bị hủy (không tính)2Bài chờ chấm (không tính)1",
    );
    expect(screen.getByRole("region", { name: "Số liệu của đề" })).toHaveTextContent(
      "Số bài40Điểm trung bình1,15Trung vị1Độ lệch chuẩn0,62Độ lệch phân bố (skewness)-0,13" +
        "Hệ số alpha (KR-20 với câu chấm đúng/sai)0,72Sai số chuẩn đo lường (SEM)0,33Điểm tối đa2",
    );

    const histogram = screen.getByRole("table", { name: "Phân bố điểm" });
    expect(
      within(histogram)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["ĐiểmSố bài", "05", "124", "211"]);

    const questions = screen.getByRole("table", { name: "Các câu hỏi" });
    const flagged = within(questions).getByRole("row", { name: /#12/ });
    expect(flagged).toHaveTextContent(
      "Câu 1 #12Phân tích phương ánGiá trị của 2 + 3 là0,45-0,12-0,2-0,10,05" +
        "Phân biệt âmPhương án nhiễu không ai chọnCó thể sai đáp án",
    );
    expect(within(flagged).getByRole("link", { name: "Mở câu hỏi #12 trong ngân hàng" })).toHaveAttribute(
      "href",
      "/question-bank/form/12",
    );
    const plain = within(questions).getByRole("row", { name: /#13/ });
    expect(within(plain).queryByRole("link")).toBeNull(); // only flagged questions link to the bank

    const meaning = screen.getByRole("region", { name: "Ý nghĩa các cảnh báo" });
    expect(meaning).toHaveTextContent(
      "Phân biệt âmĐộ phân biệt dưới 0: học viên có tổng điểm thấp làm câu này tốt hơn học viên có tổng điểm cao.",
    );
    expect(meaning).toHaveTextContent("Quá khóĐộ khó dưới 0,2: rất ít học viên làm đúng câu này.");
    expect(meaning).toHaveTextContent(
      "Có thể sai đáp ánMột phương án sai, một ý Đúng/Sai bị đánh giá ngược đáp án hoặc một đáp số sai được nhóm 27% điểm cao nhất chọn nhiều hơn nhóm 27% điểm thấp nhất (ít nhất 2 bài của nhóm cao): có thể đáp án bị đặt sai.",
    );
    expect(screen.queryByText("Đang tính…")).toBeNull();
  });

  it("shows the mean, median and distribution on the test's reporting scale (decision 0056)", async () => {
    mockApi({
      "/api/v1/test-presets/7/item-analysis": ok({
        ...READY,
        // 2 raw points make 10 on the scale: the server converts, the page writes.
        scale: {
          score_scale: "ten",
          scale_max: 10,
          mean: 5.75,
          median: 5,
          sd: 3.1,
          histogram: [
            { lower: 0, upper: 5, count: 5 },
            { lower: 5, upper: 10, count: 24 },
            { lower: 10, upper: 15, count: 11 },
          ],
        },
      }),
    });
    renderRoute(PRESET, "/assignment/item-analysis/preset/7", <PresetItemAnalysisRoute />);
    const figures = await screen.findByRole("region", { name: "Số liệu của đề" });
    expect(figures).toHaveTextContent("Điểm trung bình5,75/10Trung vị5,00/10Độ lệch chuẩn3,1");
    expect(figures).toHaveTextContent("Điểm tối đa10");
    const histogram = screen.getByRole("table", { name: "Phân bố điểm" });
    expect(
      within(histogram)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["ĐiểmSố bài", "0–55", "5–1024", "10–1511"]);
  });

  it("in English: the reliability and a flag's explanation with the server's thresholds", async () => {
    mockApi({
      "/api/v1/batches/3/item-analysis": ok({
        ...READY,
        batch_id: 3,
        batch_name: "Ca sáng",
        summary: { ...READY.summary!, coefficient: "alpha" },
      }),
    });
    renderRoute(
      "/assignment/item-analysis/batch/:batchId",
      "/assignment/item-analysis/batch/3",
      <BatchItemAnalysisRoute />,
      {
        language: "en",
      },
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Ca sáng" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Toán 9 - Học kỳ I" })).toHaveAttribute(
      "href",
      "/assignment/item-analysis/preset/7",
    );
    expect(screen.getByRole("region", { name: "Test figures" })).toHaveTextContent(
      "Alpha (KR-20 for right/wrong items)0.72",
    );
    expect(screen.getByRole("region", { name: "What the flags mean" })).toHaveTextContent(
      "Low discriminationDiscrimination from 0 to below 0.2: the question hardly separates stronger from weaker learners.",
    );
    expect(screen.getByText("Computed 22 Nov 2026, 10:00")).toBeVisible();
  });

  it("opens a choice question's option analysis from the keyboard: shares by group, the key, the flagged options", async () => {
    const user = userEvent.setup();
    mockApi({ "/api/v1/test-presets/7/item-analysis": ok(READY) });
    renderRoute(PRESET, "/assignment/item-analysis/preset/7", <PresetItemAnalysisRoute />);

    const toggle = await screen.findByRole("button", { name: "Phân tích phương án: Câu 1 (#12)" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("table", { name: /^Phân tích phương án/ })).toBeNull();
    toggle.focus();
    await user.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveFocus(); // a disclosure keeps the focus on its button

    const options = screen.getByRole("table", { name: "Phân tích phương án: Câu 1 (#12)" });
    expect(toggle).toHaveAttribute("aria-controls", expect.stringMatching(/-options-12$/));
    expect(
      within(options)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Phương án", "Nhóm điểm cao (27%)", "Nhóm điểm thấp (27%)", "Tất cả (số bài)"]);
    const rows = within(options).getAllByRole("row").slice(1);
    const heads = rows.map((r) => within(r).getByRole("rowheader"));
    expect(within(heads[0]!).getByText("5", { selector: "annotation" })).toBeTruthy(); // $5$ rendered by KaTeX
    expect(heads[0]).toHaveTextContent(/Đáp án đúng$/);
    expect(heads.slice(1).map((h) => h.textContent)).toEqual([
      "6Nhóm cao chọn nhiều hơn",
      "Không có đáp án đúngKhông ai chọn",
    ]);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["27%", "55%", "45% (18)"],
      ["73%", "36%", "50% (20)"],
      ["0%", "0%", "0% (0)"],
    ]);
    const questions = screen.getByRole("table", { name: "Các câu hỏi" });
    expect(
      within(questions)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Phương án nhiễu không ai chọnMột phương án sai không học viên nào chọn: phương án nhiễu này không có tác dụng.",
      "Có thể sai đáp ánMột phương án sai, một ý Đúng/Sai bị đánh giá ngược đáp án hoặc một đáp số sai được nhóm 27% điểm cao nhất chọn nhiều hơn nhóm 27% điểm thấp nhất (ít nhất 2 bài của nhóm cao): có thể đáp án bị đặt sai.",
    ]);

    // true/false options read as the server's labels; no flag, no explanation list
    await user.click(screen.getByRole("button", { name: "Phân tích phương án: Câu 2 (#13)" }));
    const tf = screen.getByRole("table", { name: "Phân tích phương án: Câu 2 (#13)" });
    expect(
      within(tf)
        .getAllByRole("row")
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(["ĐúngĐáp án đúng100%36%70% (28)", "Sai0%64%30% (12)"]);
    expect(within(questions).getAllByRole("list")).toHaveLength(1); // Q1's only

    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("table", { name: "Phân tích phương án: Câu 1 (#12)" })).toBeNull();
  });

  it("in English: the option analysis with the efficiency column and a Vietnamese-only option marked lang=vi", async () => {
    const user = userEvent.setup();
    mockApi({ "/api/v1/test-presets/7/item-analysis": ok(READY) });
    renderRoute(PRESET, "/assignment/item-analysis/preset/7", <PresetItemAnalysisRoute />, {
      language: "en",
    });
    const questions = await screen.findByRole("table", { name: "Questions" });
    expect(
      within(questions)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual([
      "Question",
      "Stem",
      "Facility",
      "Discrimination",
      "Discriminative efficiency",
      "Upper-lower index",
      "Omit rate",
      "Flags",
    ]);
    expect(within(questions).getByRole("row", { name: /#13/ })).toHaveTextContent(
      "Q2 #13Option analysisCăn bậc hai của 90.70.410.50.360—",
    );
    await user.click(screen.getByRole("button", { name: "Option analysis: Q1 (#12)" }));
    const options = screen.getByRole("table", { name: "Option analysis: Q1 (#12)" });
    expect(
      within(options)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Option", "Top 27%", "Bottom 27%", "Everyone (attempts)"]);
    const rows = within(options).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent(/Key27%55%45% \(18\)$/);
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      "6Top group prefers it73%36%50% (20)",
      "Không có đáp án đúngChosen by nobody0%0%0% (0)",
    ]);
    expect(within(rows[2]!).getByText("Không có đáp án đúng")).toHaveAttribute("lang", "vi");
    expect(within(questions).getAllByRole("listitem")[1]).toHaveTextContent(
      "Likely key errorA wrong option, a true/false statement judged against the key or a wrong numeric answer given more by the top 27% than by the bottom 27% (by at least 2 of the top group): the answer key may be wrong.",
    );
  });

  it("says 'Đang tính…' and polls while the analysis is queued, then shows the figures", async () => {
    let reads = 0;
    const { calls } = mockApi({
      "/api/v1/test-presets/7/item-analysis": () => {
        reads += 1;
        return ok(reads === 1 ? QUEUED : READY);
      },
    });
    renderRoute(PRESET, "/assignment/item-analysis/preset/7", <PresetItemAnalysisRoute />);
    expect(await screen.findByText("Đang tính…")).toHaveAttribute("role", "status");
    expect(screen.getByText("Chưa tính lần nào")).toBeVisible();
    expect(screen.getByRole("button", { name: "Tính lại" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Xuất Excel" })).toBeDisabled();
    expect(
      await screen.findByRole("region", { name: "Số liệu của đề" }, { timeout: 5000 }),
    ).toHaveTextContent("Hệ số alpha (KR-20 với câu chấm đúng/sai)0,72");
    expect(screen.queryByText("Đang tính…")).toBeNull();
    expect(calls.filter((c) => c.path === "/api/v1/test-presets/7/item-analysis")).toHaveLength(2);
  });

  it("shows how far a running computation is, then the figures", async () => {
    let reads = 0;
    mockApi({
      "/api/v1/test-presets/7/item-analysis": () => {
        reads += 1;
        return ok(
          reads === 1 ? { ...QUEUED, state: { ...QUEUED.state, status: "running", progress: 0.42 } } : READY,
        );
      },
    });
    renderRoute(PRESET, "/assignment/item-analysis/preset/7", <PresetItemAnalysisRoute />, {
      language: "en",
    });
    const bar = await screen.findByRole("progressbar", { name: "Analysis progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "42");
    expect(bar).toHaveAttribute("aria-valuetext", "42%");
    expect(screen.getByText("Computing…")).toHaveAttribute("role", "status");
    expect(await screen.findByRole("region", { name: "Test figures" }, { timeout: 5000 })).toHaveTextContent(
      "Alpha (KR-20 for right/wrong items)0.72",
    );
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("recomputes on request and exports the spreadsheet", async () => {
    const user = userEvent.setup();
    const { calls, fetchMock } = mockApi({
      "/api/v1/test-presets/7/item-analysis": ok(READY),
      "/api/v1/test-presets/7/item-analysis/recompute": ok({
        ...READY,
        state: { ...READY.state, status: "queued" },
      }),
    });
    renderRoute(PRESET, "/assignment/item-analysis/preset/7", <PresetItemAnalysisRoute />);

    const saved: string[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await screen.findByRole("heading", { level: 1 });
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(new Blob(["xlsx"]), {
          status: 200,
          headers: { "Content-Disposition": 'attachment; filename="item-analysis-test-7.xlsx"' },
        }),
    );
    await user.click(screen.getByRole("button", { name: "Xuất Excel" }));
    await vi.waitFor(() => expect(saved).toEqual(["item-analysis-test-7.xlsx"]));
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe("/api/v1/test-presets/7/item-analysis/export");
    click.mockRestore();

    await user.click(screen.getByRole("button", { name: "Tính lại" }));
    expect(await screen.findByText("Đang tính…")).toBeVisible();
    // the last figures stay shown while the new run computes
    expect(screen.getByRole("region", { name: "Số liệu của đề" })).toHaveTextContent(
      "Hệ số alpha (KR-20 với câu chấm đúng/sai)0,72",
    );
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      "/api/v1/test-presets/7/item-analysis/recompute",
    ]);
  });

  it("says so when the batch is not the organization's", async () => {
    mockApi({});
    renderRoute(
      "/assignment/item-analysis/batch/:batchId",
      "/assignment/item-analysis/batch/99",
      <BatchItemAnalysisRoute />,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Không tìm thấy ca thi này.");
  });

  // --- issue 39, item 3 (decision 0059): true/false sets, numeric answers, too few attempts ------

  it("shows each statement's facility under a true/false set and opens its statement analysis", async () => {
    const user = userEvent.setup();
    mockApi({ "/api/v1/test-presets/7/item-analysis": ok({ ...READY, questions: [SET, NUMERIC] }) });
    renderRoute(PRESET, "/assignment/item-analysis/preset/7", <PresetItemAnalysisRoute />);

    const questions = await screen.findByRole("table", { name: "Các câu hỏi" });
    const row = within(questions).getByRole("row", { name: /#14/ });
    expect(row).toHaveTextContent("Độ khó từng ý: a) 85% · b) 35%");
    const toggle = within(row).getByRole("button", { name: "Phân tích từng ý: Câu 3 (#14)" });
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const statements = screen.getByRole("table", { name: /^Phân tích từng ý: Câu 3 \(#14\)/ });
    expect(
      within(statements)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Ý", "Nhóm điểm cao (27%)", "Nhóm điểm thấp (27%)", "Tất cả (số bài đúng)", "Bỏ trống"]);
    const rows = within(statements).getAllByRole("row").slice(1);
    expect(within(rows[0]!).getByRole("rowheader")).toHaveTextContent(/^a\) .*Đáp án: Đúng$/);
    expect(within(rows[1]!).getByRole("rowheader")).toHaveTextContent(
      /^b\) .*Đáp án: ĐúngNhóm cao đánh giá ngược nhiều hơn$/,
    );
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["100%", "64%", "85% (34)", "1"],
      ["9%", "45%", "35% (14)", "1"],
    ]);
    const counts = screen.getByRole("table", { name: "Số bài theo số ý làm đúng" });
    expect(
      within(counts)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["Số ý đúng012", "Số bài32017"]);
    // the flag explained under the statements, as under a choice question's options, and in the list
    expect(screen.getAllByText(/^Một phương án sai, một ý Đúng\/Sai bị đánh giá ngược/)).toHaveLength(2);
  });

  it("in English: a numeric question's frequent wrong answers with the top and bottom groups' counts", async () => {
    const user = userEvent.setup();
    mockApi({ "/api/v1/test-presets/7/item-analysis": ok({ ...READY, questions: [SET, NUMERIC] }) });
    renderRoute(PRESET, "/assignment/item-analysis/preset/7", <PresetItemAnalysisRoute />, {
      language: "en",
    });
    await user.click(await screen.findByRole("button", { name: "Frequent wrong answers: Q4 (#15)" }));
    const wrong = screen.getByRole("table", { name: /^Frequent wrong answers: Q4 \(#15\)/ });
    expect(within(wrong).getByText("Key: 0,5")).toBeVisible();
    expect(
      within(wrong)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Answer", "Top 27%", "Bottom 27%", "Everyone (attempts)"]);
    expect(
      within(wrong)
        .getAllByRole("row")
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(["0,25Top group gives it more55% (6)9% (1)30% (12)", "1/4not a number0% (0)9% (1)5% (2)"]);
    expect(screen.getByText("Other wrong answers: 8 attempts")).toBeVisible();
    expect(
      screen.getByText(
        "A wrong option, a true/false statement judged against the key or a wrong numeric answer given more by the top 27% than by the bottom 27% (by at least 2 of the top group): the answer key may be wrong.",
        { selector: "span" },
      ),
    ).toBeVisible();
  });

  it("with fewer than 30 attempts, says so beside alpha, each figure and the flags (the demo's 3 attempts)", async () => {
    const user = userEvent.setup();
    mockApi({ "/api/v1/batches/3/item-analysis": ok({ ...FEW, batch_id: 3, batch_name: "Ca demo" }) });
    renderRoute(
      "/assignment/item-analysis/batch/:batchId",
      "/assignment/item-analysis/batch/3",
      <BatchItemAnalysisRoute />,
    );
    const note = "Cần ít nhất 30 bài làm; ở đây có 3.";
    expect(await screen.findByRole("region", { name: "Số liệu của đề" })).toHaveTextContent(
      `Hệ số alpha (KR-20 với câu chấm đúng/sai)-0,38${note}Sai số chuẩn đo lường (SEM)—${note}`,
    );
    const questions = screen.getByRole("table", { name: "Các câu hỏi" });
    const row = within(questions).getByRole("row", { name: /#13/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .slice(2)
        .map((c) => c.textContent),
    ).toEqual([`0,67${note}`, `-0,5${note}`, `0,5${note}`, `0,36${note}`, "0", `—${note}`]);
    // in each noted cell (read with each figure; on phones shown under it), and once under each
    // row for the eye on wide screens (hidden from screen readers, which have the cells')
    expect(within(questions).getAllByText(note)).toHaveLength(3 * 5 + 3);
    expect(within(questions).getAllByText(note, { ignore: "[aria-hidden] *" })).toHaveLength(3 * 5);
    await user.click(screen.getByRole("button", { name: "Đáp số sai thường gặp: Câu 4 (#15)" }));
    expect(screen.getByRole("table", { name: /^Đáp số sai thường gặp/ })).toHaveTextContent(
      `Đáp án: 0,5Đáp số được đọc như trên phiếu trả lời: 0.5, 0,50 và ,5 là cùng một đáp số 0,5.${note}`,
    );
  });

  it("in English: the note beside the figures", async () => {
    mockApi({ "/api/v1/test-presets/7/item-analysis": ok(FEW) });
    renderRoute(PRESET, "/assignment/item-analysis/preset/7", <PresetItemAnalysisRoute />, {
      language: "en",
    });
    const note = "Needs at least 30 attempts; this has 3.";
    expect(await screen.findByRole("region", { name: "Test figures" })).toHaveTextContent(
      `Alpha (KR-20 for right/wrong items)-0.38${note}`,
    );
    const row = within(screen.getByRole("table", { name: "Questions" })).getByRole("row", { name: /#14/ });
    expect(within(row).getAllByRole("cell")[2]).toHaveTextContent(`0.51${note}`);
  });

  // --- tests in parts (issue 39; decisions 0056 and 0059) -------------------------------------------

  it("shows each part's mean and facility, and the questions grouped under their part", async () => {
    mockApi({ "/api/v1/test-presets/7/item-analysis": ok(IN_PARTS) });
    renderRoute(PRESET, "/assignment/item-analysis/preset/7", <PresetItemAnalysisRoute />);

    const parts = await screen.findByRole("table", { name: "Theo phần" });
    expect(
      within(parts)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual([
      "PhầnSố câuĐiểm trung bìnhĐộ khó",
      "Phần I. Trắc nghiệm nhiều phương án lựa chọn20,29/0,558%",
      "Phần II. Trắc nghiệm đúng sai10,51/151%",
      "Phần III. Trắc nghiệm trả lời ngắn10,15/0,530%",
    ]);
    expect(within(parts).getByRole("rowheader", { name: "Phần II. Trắc nghiệm đúng sai" })).toBeVisible();

    const questions = screen.getByRole("table", { name: "Các câu hỏi" });
    const groups = within(questions).getAllByRole("rowgroup").slice(1); // after the column headers
    expect(groups.map((g) => within(g).getByRole("rowheader").textContent)).toEqual([
      "Phần I. Trắc nghiệm nhiều phương án lựa chọn",
      "Phần II. Trắc nghiệm đúng sai",
      "Phần III. Trắc nghiệm trả lời ngắn",
    ]);
    expect(within(groups[0]!).getByRole("rowheader")).toHaveAttribute("scope", "rowgroup");
    expect(within(groups[0]!).getByRole("row", { name: /#12/ })).toHaveTextContent(/^Câu 1 #12/);
    expect(within(groups[0]!).getByRole("row", { name: /#13/ })).toHaveTextContent(/^Câu 2 #13/);
    expect(within(groups[1]!).getByRole("row", { name: /#14/ })).toHaveTextContent(/^Câu 3 #14/);
    expect(within(groups[2]!).getByRole("row", { name: /#15/ })).toHaveTextContent(/^Câu 4 #15/);
  });

  it("in English: the parts' table; a test without parts has neither the table nor group rows", async () => {
    mockApi({ "/api/v1/test-presets/7/item-analysis": ok(IN_PARTS) });
    const { unmount } = renderRoute(
      PRESET,
      "/assignment/item-analysis/preset/7",
      <PresetItemAnalysisRoute />,
      {
        language: "en",
      },
    );
    const parts = await screen.findByRole("table", { name: "By part" });
    expect(
      within(parts)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual([
      "PartQuestionsMean scoreFacility",
      "Phần I. Trắc nghiệm nhiều phương án lựa chọn20.29/0.558%",
      "Phần II. Trắc nghiệm đúng sai10.51/151%",
      "Phần III. Trắc nghiệm trả lời ngắn10.15/0.530%",
    ]);
    unmount();

    mockApi({ "/api/v1/test-presets/7/item-analysis": ok(READY) });
    renderRoute(PRESET, "/assignment/item-analysis/preset/7", <PresetItemAnalysisRoute />);
    const questions = await screen.findByRole("table", { name: "Các câu hỏi" });
    expect(screen.queryByRole("table", { name: "Theo phần" })).toBeNull();
    expect(within(questions).getAllByRole("rowgroup")).toHaveLength(2); // the headers and one body
    expect(within(questions).getAllByRole("columnheader")).toHaveLength(8);
  });
});
