import { runTask, type TaskRequest, type TaskResult, type TaskName } from './tasks';

/** The worker threads' handler (loaded by cpu-worker.mjs): one task per call, its result or refusal as data. */
export default function handle(request: TaskRequest): Promise<TaskResult<TaskName>> {
  return runTask(request);
}
