export declare function serverEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
