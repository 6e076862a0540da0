export declare const EMBEDDED_HEAP_MB: number;
export declare function serverLaunch(env: NodeJS.ProcessEnv): { nodeArgs: string[]; env: NodeJS.ProcessEnv };
