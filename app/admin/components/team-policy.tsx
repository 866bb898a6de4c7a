// The Team page's switch: whether everyone must use two-step sign-in (people without it are then sent to set it up
// when they next sign in, and may do nothing else until they have).
import { teamApiPaths } from "../../../contracts/team";
import { adminApi } from "../api";
import { useApiAction } from "../use-api-action";
import { useRefresh } from "../use-refresh";
import { Alert } from "./ui";

export function TwoStepPolicy({ required }: { required: boolean }) {
  const refresh = useRefresh();
  const { busy, problem, run } = useApiAction();
  return (
    <div className="grid gap-2">
      {problem ? <Alert>Nothing was changed: {problem}</Alert> : null}
      <label className="flex items-center gap-3 text-ink">
        <input
          type="checkbox"
          className="size-5"
          checked={required}
          disabled={busy}
          onChange={(event) => {
            const next = event.currentTarget.checked;
            void run(() => adminApi.put(teamApiPaths.twoStepPolicy, { required: next })).then(
              (done) => {
                if (done) refresh();
              },
            );
          }}
        />
        Require two-step sign-in for everyone
      </label>
    </div>
  );
}
