import { LOCALES } from '@trust/access-policy';
import type { Lab, Localized, Project, ResourceLink } from './types';

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PERIOD = /^\d{4}(–\d{4})?$/;

function checkText(where: string, text: Localized, problems: string[]): void {
  for (const locale of LOCALES) {
    if (typeof text?.[locale] !== 'string' || text[locale].trim() === '')
      problems.push(`${where}: the ${locale} text is empty`);
  }
}

function checkLinks(where: string, links: readonly ResourceLink[], problems: string[]): void {
  for (const [index, link] of links.entries()) {
    checkText(`${where}.links[${index}].label`, link.label, problems);
    if (!/^(https:\/\/|\/(?!\/))/.test(link.href))
      problems.push(`${where}.links[${index}]: "${link.href}" is neither https nor a site path`);
  }
}

function checkEntry(kind: string, entry: Lab | Project, ids: Set<string>, problems: string[]): void {
  const where = `${kind} "${entry.id}"`;
  if (!ID.test(entry.id)) problems.push(`${where}: the id must be lower-case kebab-case`);
  if (ids.has(entry.id)) problems.push(`${where}: the id is used twice`);
  ids.add(entry.id);
  checkText(`${where}.name`, entry.name, problems);
  checkText(`${where}.summary`, entry.summary, problems);
  checkText(`${where}.description`, entry.description, problems);
  if (entry.focusAreas.length < 2) problems.push(`${where}: needs at least two focus areas`);
  entry.focusAreas.forEach((area, index) => checkText(`${where}.focusAreas[${index}]`, area, problems));
  checkLinks(where, entry.links, problems);
}

/** Every problem in the labs and projects data, as sentences naming the entry and field. */
export function findDataProblems(labs: readonly Lab[], projects: readonly Project[]): string[] {
  const problems: string[] = [];
  const labIds = new Set<string>();
  for (const lab of labs) checkEntry('lab', lab, labIds, problems);
  const projectIds = new Set<string>();
  for (const project of projects) {
    checkEntry('project', project, projectIds, problems);
    if (!labIds.has(project.labId)) problems.push(`project "${project.id}": lab "${project.labId}" does not exist`);
    if (!PERIOD.test(project.period))
      problems.push(`project "${project.id}": period "${project.period}" is not like 2024–2026`);
    if (project.status !== 'active' && project.status !== 'completed')
      problems.push(`project "${project.id}": unknown status`);
  }
  return problems;
}
