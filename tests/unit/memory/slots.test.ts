import { describe, expect, it } from 'vitest';
import { slotOf } from '@/server/memory/slots';

const slot = (summary: string) => slotOf({ type: 'semantic', kind: 'fact', summary, entities: [] });

describe('single-valued slots read from a memory’s words (SPEC §4.4)', () => {
  it('reads a home in English and Chinese, including 新家在…', () => {
    expect(slot('Lives in Lyon')).toEqual({ attribute: 'home', value: 'lyon' });
    expect(slot('Moved to Berlin')).toEqual({ attribute: 'home', value: 'berlin' });
    expect(slot('新家在望京那边')).toEqual({ attribute: 'home', value: '望京' });
    expect(slot('Has a flat in hackney')).toEqual({ attribute: 'home', value: 'hackney' });
    // A flat found is said without its article too.
    expect(slot('Found apartment in sololaki')).toEqual({ attribute: 'home', value: 'sololaki' });
    expect(slot('Found a bug in the code')).toBeNull();
  });

  it('reads a move to a team or ward as a change of workplace, never a new home', () => {
    expect(slot('Moved to the renal team at St Thomas')).toEqual({ attribute: 'employer', value: 'renal team at st thomas' });
  });

  it('reads a job said with no verb, "like" for "as" before a title, and retirement as the end of the whole job', () => {
    expect(slot('Qa tester at baltic reefer (shipping software, boring but pays ok)')).toEqual({ attribute: 'job', value: 'qa tester at baltic reefer' });
    expect(slot('Coordinator in the container terminal')).toEqual({ attribute: 'job_title', value: 'coordinator in the container terminal' });
    expect(slot('Works like guide for wine tours, mostly to kakheti')).toEqual({ attribute: 'job', value: 'guide for wine tours' });
    expect(slot('Is officially retired')).toEqual({ attribute: 'job', value: 'retired' });
    expect(slot('Works like a dog')).toBeNull();
    expect(slot('Nurse at the clinic was rude')).toBeNull();
    expect(slot('Manager at work')).toBeNull();
  });

  it('reads how someone works before where ("works nights at…") and a listed title without an article', () => {
    expect(slot('Works nights at the Royal Infirmary')).toEqual({ attribute: 'employer', value: 'the royal infirmary' });
    expect(slot('Is PM for the payments team at payloop')).toEqual({ attribute: 'job', value: 'pm for the payments team at payloop' });
    expect(slot('Works as a nurse')).toEqual({ attribute: 'job_title', value: 'a nurse' });
    expect(slot('现在在腾讯公司上班')).toEqual({ attribute: 'employer', value: '腾讯公司' });
    // A title said with 做/当 is the job title; "在…公司做运营" says where and what, so either replaces it.
    expect(slot('做产品经理')).toEqual({ attribute: 'job_title', value: '产品经理' });
    expect(slot('在一家做跨境电商的公司做运营')).toEqual({ attribute: 'job', value: '一家做跨境电商的公司' });
    expect(slot('做饭')).toBeNull();
    // Hours between the verb and the workplace; a new job "at" a place names the employer.
    expect(slot('Works 7-3 at the hospital pharmacy')).toEqual({ attribute: 'employer', value: 'the hospital pharmacy' });
    expect(slot('Started their new job at shoppers downtown last week')).toEqual({ attribute: 'employer', value: 'shoppers downtown' });
  });

  it('reads a home lived at, stayed in or acquired; a visit or a stay this week is none', () => {
    expect(slot('Still living at their parents place in mississauga')).toEqual({ attribute: 'home', value: 'their parents place in mississauga' });
    expect(slot('Stays in Petaling Jaya')).toEqual({ attribute: 'home', value: 'petaling jaya' });
    expect(slot('Got a little condo in liberty village')).toEqual({ attribute: 'home', value: 'liberty village' });
    expect(slot('Is in a little unit in Geelong now')).toEqual({ attribute: 'home', value: 'geelong' });
    // A "unit" one settles in is a flat, not a hospital unit: the home is the place it is in.
    expect(slot('Is settled in a little unit in Kingston')).toEqual({ attribute: 'home', value: 'kingston' });
    expect(slot('Lives in a flat in Leeds')).toEqual({ attribute: 'home', value: 'leeds' });
    // Lived there for years (and still does); a flat bought, a "2 bed" got; 住 with a space before a Latin name.
    expect(slot('Has lived in Porto for eleven years')).toEqual({ attribute: 'home', value: 'porto' });
    expect(slot('Have bought a flat in Coimbra')).toEqual({ attribute: 'home', value: 'coimbra' });
    expect(slot('Got a 2 bed in eccles')).toEqual({ attribute: 'home', value: 'eccles' });
    expect(slot('现在住 Carlton')).toEqual({ attribute: 'home', value: 'carlton' });
    expect(slot("Staying at their mum's this week")).toBeNull();
    expect(slot('Is in berlin this week for work')).toBeNull();
    expect(slot('Is in a meeting in london')).toBeNull();
  });

  it('reads one diet at a time, a diet given up for normal food included', () => {
    expect(slot('Doing keto at the moment')).toEqual({ attribute: 'diet', value: 'keto' });
    expect(slot('Doing mediterranean now')).toEqual({ attribute: 'diet', value: 'mediterranean' });
    expect(slot('Eating normal again')).toEqual({ attribute: 'diet', value: 'eating normal again' });
    expect(slot('Loves mediterranean food')).toBeNull();
  });

  it('gives a mood or a taste no slot', () => {
    expect(slot('Loves sushi')).toBeNull();
    expect(slot('Is tired today')).toBeNull();
  });
});

describe('a home, a job and a diet said the ways people say them in passing (issue 12)', () => {
  it('a houseshare, a new place, "officially in porto", a flat found; 竹北新家, a move said ahead', () => {
    expect(slot('Is in a houseshare in drumcondra w 3 lads')).toEqual({ attribute: 'home', value: 'drumcondra' });
    expect(slot('The new place in stoneybatter w ciarán is class')).toEqual({ attribute: 'home', value: 'stoneybatter' });
    expect(slot('Is officially in porto')).toEqual({ attribute: 'home', value: 'porto' });
    expect(slot('Is officially in charge')).toBeNull();
    expect(slot('Already found a flat in bonfim')).toEqual({ attribute: 'home', value: 'bonfim' });
    expect(slot('竹北新家離公司很近')).toEqual({ attribute: 'home', value: '竹北' });
    expect(slot('我的新家很大')).toBeNull();
    expect(slot('將搬到台南善化住（2026-05-04 – 2026-05-10起）')).toEqual({ attribute: 'home', value: '台南善化' });
  });

  it('work said by its verb ("drives otr for redline freight"), a field after 做; eggs and fish again end a vegan diet', () => {
    expect(slot('Drives otr for redline freight')).toEqual({ attribute: 'employer', value: 'redline freight' });
    expect(slot('Delivers for deliveroo on weekends')).toEqual({ attribute: 'employer', value: 'deliveroo' });
    expect(slot('Cooks for my family')).toBeNull();
    expect(slot('做交互设计')).toEqual({ attribute: 'job_title', value: '交互设计' });
    expect(slot('Eating eggs and fish again now')?.attribute).toBe('diet');
  });
});
