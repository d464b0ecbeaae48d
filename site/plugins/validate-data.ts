import type { Plugin } from '@docusaurus/types';
import { labs } from '../src/data/labs';
import { projects } from '../src/data/projects';
import { findDataProblems } from '../src/data/validate';

/** Stops the build with a clear list when the labs or projects data are incomplete. */
export default function validateDataPlugin(): Plugin {
  return {
    name: 'validate-data',
    async loadContent() {
      const problems = findDataProblems(labs, projects);
      if (problems.length > 0) {
        throw new Error(`The labs and projects data have ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
      }
    },
  };
}
