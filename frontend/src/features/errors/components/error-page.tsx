import { useNavigate } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { useT, type MessageId } from "@/lib/intl";

export function ErrorPage({
  code,
  title,
  body,
  back = true,
}: {
  code: string;
  title: MessageId;
  body?: MessageId;
  back?: boolean;
}) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="mx-auto grid max-w-lg justify-items-center gap-4 py-16 text-center">
      <p className="text-6xl font-bold text-blue-700">{code}</p>
      <h1 className="text-2xl font-semibold">{t(title)}</h1>
      {body && <p className="text-slate-600">{t(body)}</p>}
      <div className="flex gap-3">
        {back && (
          <Button variant="outline" onClick={() => navigate(-1)}>
            {t("common.goBack")}
          </Button>
        )}
        <Button onClick={() => navigate("/home")}>{t("common.home")}</Button>
      </div>
    </div>
  );
}
