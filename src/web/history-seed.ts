/**
 * React Router's browser history gives the page's history entry its index with `history.replaceState` while the
 * page hydrates (createBrowserHistory), and its scroll restoration gives the entry a key with another replaceState
 * in its inline script. In Chromium each of these calls took 15–35 ms on our 2-core hosts, inside the longest task
 * of hydration (issue 14, the browser's blocking time). This classic script, in <head>, writes both before the
 * first paint, in the shape React Router writes them (`{ usr, key, idx }`), so neither call is made later. An entry
 * that has them (a reload, a return from another site) is left as it is. root.tsx writes it after zod-jitless.ts's
 * in one element, which carries the nonce, or its hash on cached pages.
 */
export const HISTORY_SEED_SCRIPT =
  "try{var h=history,s=h.state||{};if(s.idx==null||!s.key)h.replaceState(Object.assign({usr:null},s,{key:s.key||Math.random().toString(36).slice(2,10),idx:s.idx==null?0:s.idx}),'')}catch(e){}";
