import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { labs } from '../src/data/labs.js';
import { projects } from '../src/data/projects.js';
import { findDataProblems } from '../src/data/validate.js';

describe('labs and projects data', () => {
  it('has no problems', () => {
    assert.deepEqual(findDataProblems(labs, projects), []);
    assert.ok(labs.length >= 3 && projects.length >= 5);
    assert.ok(projects.some((project) => project.id === 'intrusion-sentinel'));
  });

  it('names the entry and field of each problem', () => {
    const [lab] = labs;
    const broken = { ...projects[0]!, id: 'Bad Id', labId: 'nowhere', period: '2024-2026', name: { en: 'x', es: ' ' } };
    const problems = findDataProblems([lab!, lab!], [broken]);
    assert.ok(problems.includes(`lab "${lab!.id}": the id is used twice`));
    assert.ok(problems.includes('project "Bad Id": the id must be lower-case kebab-case'));
    assert.ok(problems.includes('project "Bad Id".name: the es text is empty'));
    assert.ok(problems.includes('project "Bad Id": lab "nowhere" does not exist'));
    assert.ok(problems.includes('project "Bad Id": period "2024-2026" is not like 2024–2026'));
  });
});
