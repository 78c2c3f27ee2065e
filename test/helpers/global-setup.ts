import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { prepareTemplate } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDir: string | undefined;
  }
}

/** Migrates one database per run; every test file gets a copy (test/helpers/app.ts). */
export default async function setup(project: TestProject) {
  const { templateDir } = await prepareTemplate();
  project.provide('templateDir', templateDir);
  return () => {
    if (templateDir) fs.rmSync(templateDir, { recursive: true, force: true });
  };
}
