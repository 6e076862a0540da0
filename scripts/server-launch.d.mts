export declare const SERVER_NODE_ARGS: readonly string[];
export declare function v8PoolSize(cores?: number): number;
export declare function serverEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
