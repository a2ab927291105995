import { SITE } from '@signalway/shared'
import type { AboutPage, Podcast, TeamMember } from './types.ts'

export const aboutPage: AboutPage = {
  title: 'About Us',
  metaDescription:
    'Signalway Traffic Hire supplies traffic equipment across Victoria and Queensland, backed by over 25 years combined experience and support 24 hours a day.',
  heading: 'About Signalway Traffic Hire',
  paragraphs: [
    'Signalway Traffic Hire was started by people who spent their working lives on road works: setting out lane closures at 2 am, running stop/slow on country highways and keeping freeway sites open to traffic. We saw how much a project depends on equipment that turns up on time, works all night and is backed by someone who answers the phone, and we built a hire business around exactly that.',
    'Today we supply arrow boards, VMS boards, portable traffic lights, travel time boards, variable speed limit signs, truck mounted attenuators, highway trucks, traffic utes, VMS utes and Portabooms to councils, civil contractors, traffic management companies, utilities and event organisers. Our team brings over 25 years combined experience in traffic management and road construction to every job.',
    'We are based in Victoria, with our head office and depot at Laverton and a second Victorian depot at Carrum Downs. Our Queensland office and depot at Molendinar, on the Gold Coast, serves customers across Queensland. Our own crews deliver, position and collect the equipment, and our workshop maintains the fleet and repairs VMS boards, including boards owned by our customers.',
    'Road works do not stop at 5 pm, and neither do we. We are available 24 hours a day, 7 days a week for urgent hires, message changes, breakdowns and advice.',
  ],
  highlights: [
    {
      title: 'Available 24/7',
      text: 'A real person answers, 24 hours a day, 7 days a week, for bookings, message changes and breakdowns.',
    },
    {
      title: 'Victoria and Queensland',
      text: 'Head office in Laverton, a depot at Carrum Downs and our Queensland office at Molendinar.',
    },
    {
      title: 'Over 25 years combined experience',
      text: 'A team that has worked on the road, so we understand what your site needs.',
    },
    {
      title: 'Maintained in-house',
      text: 'Every unit is inspected, charged and tested before it leaves the depot, and our workshop repairs VMS boards.',
    },
  ],
  teamHeading: 'Our team',
  teamIntro: 'The people you will deal with when you hire from us.',
}

/** Fictional team members. */
export const team: TeamMember[] = [
  {
    name: 'Rob Castellano',
    role: 'Managing Director',
    initials: 'RC',
    bio: 'Rob started out as a traffic controller and went on to run traffic management crews on major road projects in Melbourne’s west before founding Signalway. He looks after the direction of the business, fleet investment and key customer relationships, and still takes his turn on the after-hours phone.',
  },
  {
    name: 'Leah Whitford',
    role: 'Operations Manager, Victoria',
    initials: 'LW',
    bio: 'Leah runs bookings, dispatch and our Laverton and Carrum Downs depots. Her background in civil construction logistics means she knows what it takes for a site to start on time, and she makes sure every unit leaves the yard checked, charged and on schedule.',
  },
  {
    name: 'Sam Okafor',
    role: 'Queensland Manager and VMS Workshop Lead',
    initials: 'SO',
    bio: 'Sam manages our Molendinar office and customers across Queensland. An electronics technician by trade, he also leads our VMS repair work, tracking down faults in LED modules, controllers and solar charging systems for our own fleet and for customers’ boards.',
  },
]

export const podcast: Podcast = {
  heading: 'Podcast',
  title: 'Signalway On Site',
  description:
    'Conversations with traffic managers, civil contractors and council engineers about planning safer work zones, getting the most from traffic technology, and what it takes to keep sites running around the clock.',
  href: SITE.podcastUrl,
  linkLabel: 'Listen Now',
}
