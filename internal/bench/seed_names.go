package bench

import (
	"math/rand/v2"
	"strings"
)

// Names the bench gives the people it seeds: varied, as real names are,
// so that a search for one finds a few people and the trigrams of one
// name are not in every document.
var (
	benchFirstNames = strings.Fields(`
	Aaliyah Aaron Abdul Abigail Adam Adrian Ahmed Aiden Aisha Alberto Alejandro Alessandro Alexander Alice Alina
	Amara Amelia Amir Ana Andrea Andrei Anika Anna Antoine Arjun Astrid Aurora Ava Axel Beatriz Benjamin Bianca
	Bogdan Bruno Camila Carlos Carmen Caroline Catalina Chen Chiara Chloe Christian Clara Daniel Daria Darius
	David Diego Dmitri Elena Elif Elijah Elisa Emil Emily Emma Enzo Erik Esther Ethan Eva Fatima Felix Fernando
	Finn Florian Francesca Freya Gabriel Giulia Hannah Hamza Hana Haruto Hector Helena Henrik Hiroshi Hugo
	Ibrahim Ida Ines Ingrid Isaac Isabel Ivan Jakob James Jana Javier Jasmine Jonas Jorge Joseph Julia Julian
	Kai Karim Katarzyna Kenji Kevin Khalid Kofi Lars Laura Layla Leah Leon Leonie Liam Lina Lucas Lucia Luis
	Luka Maja Malik Marco Maria Marta Mateo Matilda Maya Mehmet Mia Michael Mila Mohammed Nadia Naomi Nathan Nia
	Nico Nikolai Nina Noah Nora Olga Oliver Olivia Omar Oscar Paula Pavel Pedro Priya Rafael Rahul Rania Raphael
	Rebecca Ricardo Rosa Ruby Sakura Samuel Santiago Sara Sebastian Selin Sergio Simon Sofia Sophie Stefan
	Svetlana Tariq Thomas Tobias Tomas Valentina Victor Viktor Wei Wilhelm Xavier Yara Yasmin Yusuf Zara Zoe
	Zeynep Agnes Bjorn Dorothea Eamon Farah Greta Ilse Kwame Leila Magnus Oren Pilar Quentin Rohan Soren Thea
	Ulrich Vera Wanda Yuki Zofia`)
	benchLastNames = strings.Fields(`
	Abbott Abe Acosta Adeyemi Agarwal Aguilar Ahn Akhtar Albrecht Alexandrov Ali Almeida Alvarez Andersen
	Andersson Araujo Arnold Asante Bach Bailey Baker Balogun Banerjee Barbieri Barnes Bauer Baumann Becker Begum
	Bell Benedetti Bennett Berg Berger Bernard Bertrand Bhatt Bianchi Blanco Blom Bondarenko Bose Boyle Brandt
	Braun Brooks Brown Bruno Bui Burke Byrne Caldwell Campbell Cardoso Carlsson Caruso Castillo Castro
	Chakraborty Chang Chatterjee Chavez Chen Cheng Chowdhury Christensen Clark Colombo Costa Cruz Dahl Dalton
	Das Dasgupta Davies Davis Delgado Demir Diaz Dietrich Dogan Dominguez Dubois Duarte Dunn Durand Eriksson
	Esposito Evans Fabbri Farah Farouk Faure Fernandes Fernandez Ferrari Fischer Fitzgerald Fleming Flores
	Fontaine Forsberg Fournier Franke Fuchs Fujita Gallagher Gallo Garcia Garnier Gomez Gonzalez Goto Graham
	Greco Green Gruber Gupta Gustafsson Haas Hahn Hakimi Hall Hamid Hansen Harris Hartmann Hashemi Hayashi
	Hedlund Heinrich Hernandez Herrera Hill Hoang Hoffmann Holm Horvat Hosseini Huang Hughes Hussain Ibrahim
	Ikeda Inoue Ivanov Iyer Jackson Jaeger Jakobsen Jansen Jensen Jimenez Johansson Johnson Jones Jovanovic Jung
	Kaiser Kang Kaplan Karlsson Kato Kaur Keller Kelly Kennedy Khan Kim Kimura King Klein Knudsen Koch Kovac
	Kowalczyk Kowalski Kozlov Kraus Kruger Kumar Kuznetsov Lambert Lang Larsen Laurent Lee Lehmann Leone Lewis
	Li Lim Lindberg Lindqvist Lombardi Lopez Lorenz Lund Luna Lynch Maier Malik Mancini Marchetti Marin Marino
	Martin Martinez Matsumoto Mayer Mehta Meier Mendes Mendoza Mercier Meyer Miller Mishra Mitchell Molina Moore
	Morales Moreau Moreno Morris Muller Murphy Musa Nagy Nakamura Navarro Neumann Nguyen Nielsen Nikolaidis
	Nilsson Novak Nowak Obi Odhiambo Ogawa Okafor Okonkwo Oliveira Olsen Olsson Ortiz Osei Ozturk Park Patel
	Pedersen Pereira Perez Perrin Peters Petrov Pham Pillai Popescu Popov Price Quinn Rahman Ramirez Ramos Rao
	Reddy Reyes Richter Rinaldi Rivera Roberts Robinson Rodriguez Romano Romero Rossi Roth Roux Ruiz Russo Saito
	Salazar Sanchez Santos Sato Sauer Schafer Schmid Schmidt Schneider Scholz Schulz Schwarz Sharma Shaw
	Shevchenko Silva Simonsen Singh Smirnov Smith Sokolov Sorensen Souza Stewart Suarez Sullivan Suzuki Svensson
	Szabo Takahashi Tanaka Taylor Thomas Thompson Torres Tran Turner Ueda Vargas Vasquez Vega Verma Vidal Vogel
	Volkov Wagner Walker Wang Watanabe Weber Weiss Werner White Wilson Wolf Wong Wright Wu Xu Yadav Yamada
	Yamamoto Yang Yilmaz Yoshida Young Zhang Zhao Zhou Zimmermann Adams Alves Amato Andrade Arslan Aziz Barros
	Bauman Benitez Bergstrom Bjork Bogdanov Bouchard Bradley Carvalho Cerny Cho Christodoulou Coleman Conti
	Cooper Correia Costello Dimitrov Doyle Dvorak Eklund Engel Farrell Ferraro Fiore Fonseca Foster Frank
	Friedman Fujimoto Georgiou Gill Goldberg Gordon Grant Guerrero Hamilton Haddad Hayes Henderson Hoffman
	Holmberg Hussein Jankowski Jovanovich Kapoor Kaya Khalil Kirby Kobayashi Kovalenko Kristensen Lachance Lam
	Lemaire Lindgren Lozano Macdonald Magnusson Mahmoud Marshall Mason Medina Meyers Moller Moretti Mori Murray
	Nascimento Nel Nyberg Obrien Ochoa Ogunleye Okeke Ortega Owusu Palmer Papadopoulos Pavlov Pellegrini
	Petersen Phillips Pinto Pollard Poulsen Quintero Rasmussen Reid Ribeiro Rojas Rosen Rossetti Rueda Ryan
	Saleh Sandberg Santoro Schubert Sepulveda Serrano Shapiro Sherman Sidhu Sim Soto Spencer Stein Stone Strand
	Takeda Teixeira Tiwari Toth Uddin Valdez Varga Vasiliev Vieira Villa Vitale Wallace Walsh Ward Watson Webb
	Wiesner Winter Yildiz Yusuf Zaidi Zamora Zielinski Zuniga Abdullah Achterberg Aho Akbari Andrews Baptiste
	Barker Bianco Bloom Brennan Campos Carter Chaudhry Coelho Daniels Ehrlich Eze Fuentes Gallardo Gunawardena
	Halvorsen Ikram Jaramillo Karimi Laine Mwangi Nieminen Otieno Quispe Saarinen Tembo Virtanen`)
)

// benchName is the first and last name of the i-th seeded person, the
// same on every run: a pair drawn from the lists by a generator seeded
// with i.
func benchName(i int) (first, last string) {
	r := rand.New(rand.NewPCG(uint64(i), 0))
	return benchFirstNames[r.IntN(len(benchFirstNames))], benchLastNames[r.IntN(len(benchLastNames))]
}
