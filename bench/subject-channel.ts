/**
 * The benchmark's end of the IPC channel to one subject process: it forks the subject, feeds its batches into the
 * run's collector, and turns a failure or an early exit into a HarnessError the phases notice.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Collector } from './collector.ts';
import { isChildMessage, type ChildMessage, type ParentMessage } from './protocol.ts';
import type { SubjectRuntime } from './subject-runtime.ts';

class HarnessError extends Error {
  override readonly name = 'HarnessError';
}

export interface SubjectChannel {
  send(message: ParentMessage): void;
  next<T extends ChildMessage['type']>(type: T, timeoutMs: number): Promise<Extract<ChildMessage, { type: T }>>;
  exited(timeoutMs: number): Promise<void>;
  /** Throws when the subject reported a failure or died. */
  throwIfBroken(): void;
  kill(): void;
}

export function openSubjectChannel(
  collector: Pick<Collector, 'takeBatch'>,
  runtime: SubjectRuntime,
  nodeFlags: readonly string[],
): SubjectChannel {
  const child: ChildProcess = fork(runtime.entry, [], {
    // --expose-gc: the subject forces a GC at phase boundaries to report the memory it really holds.
    execArgv: [...runtime.loaderArgs, ...runtime.nodeFlags, '--expose-gc', ...nodeFlags],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, (message: ChildMessage) => void>();
  let broken: HarnessError | undefined;
  let exitCode: number | null | undefined;
  const exitWaiters: (() => void)[] = [];

  const breakWith = (error: HarnessError) => {
    broken ??= error;
  };
  child.on('message', (message: unknown) => {
    if (!isChildMessage(message)) return;
    if (message.type === 'batch') collector.takeBatch(message);
    else if (message.type === 'failure') breakWith(new HarnessError(`the subject failed: ${message.message}`));
    const waiter = waiting.get(message.type);
    if (waiter) {
      waiting.delete(message.type);
      waiter(message);
    }
  });
  child.on('error', (error) => breakWith(new HarnessError(`the subject process failed: ${error.message}`)));
  child.on('exit', (code, signal) => {
    exitCode = code;
    if (code !== 0) breakWith(new HarnessError(`the subject process exited with ${code ?? signal}`));
    for (const resolve of exitWaiters.splice(0)) resolve();
  });

  return {
    send(message) {
      if (!child.connected) throw broken ?? new HarnessError('the subject process is not connected');
      child.send(message);
    },
    next(type, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(broken ?? new HarnessError(`no "${type}" from the subject within ${timeoutMs} ms`)),
          timeoutMs,
        );
        const poll = setInterval(() => {
          if (broken) {
            clearTimeout(timer);
            clearInterval(poll);
            reject(broken);
          }
        }, 50);
        waiting.set(type, (message) => {
          clearTimeout(timer);
          clearInterval(poll);
          resolve(message as Extract<ChildMessage, { type: typeof type }>);
        });
      });
    },
    exited(timeoutMs) {
      if (exitCode !== undefined) return broken ? Promise.reject(broken) : Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new HarnessError('the subject did not exit after stopping')), timeoutMs);
        exitWaiters.push(() => {
          clearTimeout(timer);
          if (broken) reject(broken);
          else resolve();
        });
      });
    },
    throwIfBroken() {
      if (broken) throw broken;
    },
    kill() {
      if (exitCode === undefined) child.kill();
    },
  };
}
