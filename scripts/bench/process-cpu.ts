/** A process's CPU time as Linux counts it, for benches that must not depend on what else the machine runs. */
import fs from "node:fs"

/** CPU seconds (user + system) used so far by a process and its descendants (Linux /proc; null elsewhere). */
export function processTreeCpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
    // The fields after the command name (in parentheses, may hold spaces): utime is the 14th field, stime the 15th, in clock ticks (100 a second on Linux).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    let total = (Number(fields[11]) + Number(fields[12])) / 100
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim()
      for (const child of children ? children.split(" ") : []) total += processTreeCpuSeconds(Number(child)) ?? 0
    }
    return total
  } catch {
    return null
  }
}
